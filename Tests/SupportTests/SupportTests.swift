import Foundation
import Testing
@testable import Support

@Suite struct Base64URLTests {
    // RFC 4648 §10 vectors, in the url-safe alphabet without padding.
    @Test(arguments: [("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"),
                      ("fooba", "Zm9vYmE"), ("foobar", "Zm9vYmFy")])
    func rfc4648Vectors(plain: String, encoded: String) throws {
        #expect(Base64URL.encode(plain) == encoded)
        #expect(try Base64URL.decode(encoded) == Array(plain.utf8))
    }

    @Test func urlSafeAlphabet() throws {
        #expect(Base64URL.encode([0xFB, 0xFF, 0xBF]) == "-_-_")
        #expect(try Base64URL.decode("-_-_") == [0xFB, 0xFF, 0xBF])
    }

    @Test(arguments: ["Zg==", "Zm8=", "Zm9v+A", "Zm9v/A", "Zm 9v", "Z", "Zh"])
    func rejectsNonCanonicalInput(text: String) {
        #expect(throws: Base64URL.DecodingError.self) { try Base64URL.decode(text) }
    }
}

@Suite struct ConstantTimeTests {
    @Test func comparesContentAndLength() {
        #expect(ConstantTime.equals("secret", "secret"))
        #expect(!ConstantTime.equals("secret", "secreT"))
        #expect(!ConstantTime.equals("secret", "secret1"))
        #expect(!ConstantTime.equals("", "a"))
        #expect(ConstantTime.equals("", ""))
    }
}

@Suite struct FormEncodingTests {
    @Test func parsesRepeatsAndEscapes() {
        let form = FormParameters.parse("a=1&b=x+y&c=%2F%26%3D&a=2&empty=&flag")
        #expect(form["a"] == "1")
        #expect(form.values("a") == ["1", "2"])
        #expect(form["b"] == "x y")
        #expect(form["c"] == "/&=")
        #expect(form["empty"] == "")
        #expect(form["flag"] == "")
        #expect(form.duplicatedNames == ["a"])
    }

    @Test func roundTripsAwkwardValues() {
        var form = FormParameters()
        form.append("state", "a b&c=d+e/ü✓%")
        let again = FormParameters.parse(form.encoded)
        #expect(again["state"] == "a b&c=d+e/ü✓%")
        #expect(form.encoded == "state=a%20b%26c%3Dd%2Be%2F%C3%BC%E2%9C%93%25")
    }

    @Test func keepsBrokenEscapesLiterally() {
        #expect(FormParameters.parse("x=%zz%4")["x"] == "%zz%4")
    }

    /// A name equal only under Unicode equivalence is another parameter: a decomposed `é`, a Kelvin
    /// sign for `K`.
    @Test func namesAreMatchedByBytes() {
        let form = FormParameters.parse("caf%C3%A9=precomposed&cafe%CC%81=decomposed&%E2%84%AA=kelvin")
        #expect(form["caf\u{E9}"] == "precomposed")
        #expect(form["cafe\u{301}"] == "decomposed")
        #expect(form.values("caf\u{E9}") == ["precomposed"])
        #expect(form["K"] == nil)
        #expect(form["\u{212A}"] == "kelvin")
        // Repeats are found by the same rule: equivalent names are not a repeat, the same bytes are.
        #expect(form.duplicatedNames.isEmpty)
        #expect(FormParameters.parse("caf%C3%A9=1&cafe%CC%81=2&caf%C3%A9=3").duplicatedNames.map { Array($0.utf8) }
            == [Array("caf\u{E9}".utf8)])
    }
}

@Suite struct HexAndRandomTests {
    @Test func hexRoundTrip() {
        #expect(Hex.encode([0x00, 0xAB, 0xFF]) == "00abff")
        #expect(Hex.decode("00abFF") == [0x00, 0xAB, 0xFF])
        #expect(Hex.decode("abc") == nil)
    }

    @Test func systemRandomGivesDistinctTokens() {
        let random = SystemRandom()
        #expect(random.bytes(33).count == 33)
        #expect(random.token() != random.token())
        #expect(random.token().count == 43)
    }

    /// Any length, including more than getentropy's 256 bytes a call and none; every byte value turns
    /// up in 8 KiB (a buffer left partly unwritten would be all zeros there).
    @Test(arguments: [0, 1, 8, 32, 255, 256, 257, 600, 8192])
    func systemRandomFillsEveryByte(count: Int) {
        let bytes = SystemRandom().bytes(count)
        #expect(bytes.count == count)
        if count >= 256 {
            #expect(Set(bytes.suffix(256)).count > 128, "the last 256 bytes vary")
        }
        if count == 8192 { #expect(Set(bytes).count == 256) }
    }

    @Test func manualClockMovesOnlyWhenTold() {
        let clock = ManualClock()
        let start = clock.unixTime
        clock.advance(by: 601)
        #expect(clock.unixTime == start + 601)
    }
}

@Suite struct LoggerTests {
    @Test func writesOneSortedJSONLine() {
        let sink = MemorySink()
        let logger = Logger(label: "test", sink: sink)
        logger.info("hello \"x\"", ["z": "1", "a": "line\nbreak"])
        logger.debug("dropped")
        #expect(sink.records.count == 1)
        var record = sink.records[0]
        record.time = Date(timeIntervalSince1970: 1_764_730_000.25)
        #expect(record.jsonLine
            == #"{"time":"2025-12-03T02:46:40.250Z","level":"info","logger":"test","msg":"hello \"x\"","a":"line\nbreak","z":"1"}"#)
    }

    /// docs/operations.md, Logs: numbers are JSON numbers, never strings.
    @Test func numbersAreWrittenAsJSONNumbers() {
        let sink = MemorySink()
        Logger(label: "test", sink: sink).info("request", ["id": "42"], numbers: ["status": 404, "duration_ms": 1.5,
                                                                                "bad": .nan])
        var record = sink.records[0]
        record.time = Date(timeIntervalSince1970: 0)
        #expect(record.jsonLine == #"{"time":"1970-01-01T00:00:00.000Z","level":"info","logger":"test","msg":"request","#
            + #""bad":null,"duration_ms":1.5,"id":"42","status":404}"#)
        #expect(JSONText.number(3_000_000_000) == "3000000000")
        #expect(JSONText.number(-0.25) == "-0.25")
    }

    /// Inside a request every record carries the client's address and the request id (RequestScope);
    /// outside one, neither.
    @Test func recordsInARequestCarryClientIPAndRequestID() async {
        let sink = MemorySink()
        let logger = Logger(label: "test", sink: sink)
        await RequestScope.$current.withValue(RequestScope(clientIP: "192.0.2.7", requestID: "req-1", userAgent: "x")) {
            await Task { logger.warning("security event", ["event": "login_failed"]) }.value
        }
        logger.warning("outside")
        #expect(sink.records[0].fields == ["event": "login_failed", "client_ip": "192.0.2.7", "request.id": "req-1"])
        #expect(sink.records[1].fields.isEmpty)
    }

    @Test func rfc3339TimesAreUTCWithMilliseconds() {
        #expect(RFC3339.string(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
        #expect(RFC3339.string(Date(timeIntervalSince1970: 951_782_400.007)) == "2000-02-29T00:00:00.007Z")
    }

    @Test func observerSeesRecordsBelowTheLevel() {
        let sink = MemorySink(), observer = MemorySink()
        let logger = Logger(label: "test", minimumLevel: .error, sink: sink).observed(by: observer)
        logger.with(label: "child").warning("security event", ["event": "login_failed"])
        #expect(sink.records.isEmpty)
        #expect(observer.records.map(\.fields) == [["event": "login_failed"]])
    }
}

/// Base64 (RFC 4648 §4) as HTTP Basic sends it, held to Foundation's encoder and decoder.
@Suite struct Base64Tests {
    @Test func decodesWhatFoundationEncodes() {
        let random = SystemRandom()
        for length in 0..<70 {
            let bytes = random.bytes(length)
            let text = Data(bytes).base64EncodedString()
            #expect(Base64.decode(text) == bytes, "\(length) bytes")
            #expect(Base64.decode(text[...]) == Data(base64Encoded: text).map(Array.init), "as Foundation")
        }
        #expect(Base64.decode("Z29vZ2xlOnPDqWNyZXQ=") == Array("google:sécret".utf8))
        #expect(Base64.decode("+/+/") == [0xFB, 0xFF, 0xBF])
    }

    @Test(arguments: [
        "QQ=", "QQ", "Q===", "=", "==", "QU=D", "=QUJ", " QUJD", "QUJD\n", "QUJD ", "QQ==QQ==", "QUJ-", "QUJ_", "QUJ\u{e9}",
    ])
    func refusesWhatIsNotPaddedBase64(text: String) {
        #expect(Base64.decode(text) == nil)
    }
}
