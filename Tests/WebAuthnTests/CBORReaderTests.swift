import Testing
@testable import WebAuthn

@Suite struct CBORReaderTests {
    func hex(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        var chars = Array(text.utf8)[...]
        while chars.count >= 2 { out.append(UInt8(String(decoding: chars.prefix(2), as: UTF8.self), radix: 16)!); chars = chars.dropFirst(2) }
        return out
    }

    /// RFC 8949 Appendix A examples of the kinds WebAuthn uses.
    @Test(arguments: [
        ("00", CBOR.unsigned(0)), ("17", .unsigned(23)), ("1818", .unsigned(24)), ("1903e8", .unsigned(1000)),
        ("1bffffffffffffffff", .unsigned(.max)), ("20", .negative(0)), ("3903e7", .negative(999)),
        ("40", .bytes([])), ("4401020304", .bytes([1, 2, 3, 4])), ("6161", .text("a")),
        ("62c3bc", .text("ü")), ("83010203", .array([.unsigned(1), .unsigned(2), .unsigned(3)])),
        ("a201020304", .map([.init(.unsigned(1), .unsigned(2)), .init(.unsigned(3), .unsigned(4))])),
        ("f4", .bool(false)), ("f5", .bool(true)), ("f6", .null),
    ])
    func readsAppendixAExamples(input: String, expected: CBOR) throws {
        let bytes = hex(input)
        #expect(try CBORReader.decode(bytes, canonical: true) == expected)
        #expect(expected.encoded == bytes)
    }

    @Test(arguments: [
        ("5f42010243030405ff", "indefinite byte string"), ("9f01ff", "indefinite array"), ("bf6161f5ff", "indefinite map"),
        ("c11a514b67b0", "a tag"), ("f93c00", "a half float"), ("fb3ff199999999999a", "a double"), ("f7", "undefined"),
        ("1c", "reserved additional information"), ("44010203", "a truncated string"), ("8301", "a truncated array"),
        ("0000", "trailing bytes"), ("62c328", "invalid UTF-8"), ("a201020102", "a repeated key"),
        ("5bffffffffffffffff", "a string longer than the input"), ("9bffffffffffffffff", "an array longer than the input"),
        ("bbffffffffffffffff", "a map longer than the input"), ("", "nothing"),
    ])
    func refusesMalformed(input: String, what: String) {
        #expect(refused(.malformedCBOR) { _ = try CBORReader.decode(hex(input), canonical: false) }, "\(what)")
    }

    /// CTAP2 canonical form: shortest encodings and sorted keys; the lenient mode takes both.
    @Test(arguments: ["1817", "190017", "5801ff", "a203040102", "a2616201616101"])
    func canonicalFormIsEnforcedOnlyWhenAsked(input: String) throws {
        #expect(refused(.malformedCBOR) { _ = try CBORReader.decode(hex(input), canonical: true) })
        _ = try CBORReader.decode(hex(input), canonical: false)
    }

    @Test func canonicalKeyOrderIsLengthFirst() throws {
        // One-byte keys first (10 = 0a, -1 = 20), then two-byte ones bytewise (100 = 1864, "a" = 6161).
        let map = CBOR.map([.init(.text("a"), .null), .init(.int(-1), .null), .init(.int(10), .null), .init(.int(100), .null)])
        let bytes = map.encoded
        #expect(bytes == hex("a40af620f61864f66161f6"))
        #expect(try CBORReader.decode(bytes, canonical: true).encoded == bytes)
    }

    @Test func depthAndItemLimitsHold() {
        let deep = [UInt8](repeating: 0x81, count: 20) + [0x00]
        #expect(refused(.malformedCBOR) { _ = try CBORReader.decode(deep, canonical: true) })
        let many = [0x99, 0x02, 0x00] + [UInt8](repeating: 0x00, count: 512)
        #expect(refused(.malformedCBOR) { _ = try CBORReader.decode(many, canonical: true) })
        var limits = CBORReader.Limits()
        limits.maximumBytes = 4
        #expect(refused(.malformedCBOR) { _ = try CBORReader.decode(hex("4401020304"), canonical: true, limits: limits) })
    }

    @Test func readsAPrefixAndReportsTheOffset() throws {
        var reader = CBORReader(hex("ff01a0"), at: 1, canonical: true)
        #expect(try reader.read() == .unsigned(1))
        #expect(reader.offset == 2)
        #expect(try reader.read() == .map([]))
    }

    @Test func integerAccessors() {
        #expect(CBOR.int(-257).intValue == -257)
        #expect(CBOR.int(-257) == .negative(256))
        #expect(CBOR.unsigned(.max).intValue == nil)
        #expect(CBOR.map([.init(.int(3), .int(-7))])[3] == .int(-7))
        #expect(CBOR.map([.init(.text("fmt"), .text("none"))])["fmt"] == .text("none"))
    }
}
