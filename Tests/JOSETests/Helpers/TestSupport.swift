import Foundation
import Support
import Synchronization
@testable import JOSE

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

enum Fixtures {
    static let clockStart = Date(timeIntervalSince1970: 1_800_000_000)
    static let now: Int64 = 1_800_000_000

    /// Keys are slow to generate: one of each for the whole run.
    static let rsa = try! RSAPrivateKey.generate()
    static let otherRSA = try! RSAPrivateKey.generate()
    static let p256 = try! P256PrivateKey.generate()

    static let peersDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Peers")

    static func vectors() throws -> [String: JSONValue] {
        guard let url = Bundle.module.url(forResource: "vectors", withExtension: "json", subdirectory: "Vectors") else {
            throw TestFailure("Vectors/vectors.json is missing from the test bundle")
        }
        return try JSONParser.parseObject(Array(try Data(contentsOf: url)), what: "vectors")
    }

    static func vector(_ name: String) throws -> (key: JWK, fields: [String: JSONValue]) {
        guard let fields = try vectors()[name]?.objectValue, let key = fields["key"]?.objectValue else {
            throw TestFailure("vector \(name) not found")
        }
        return (JWK(members: key), fields)
    }

    /// A JWS with any header we like, signed by `sign` over the real signing input.
    static func craft(header: [String: JSONValue], claims: [String: JSONValue],
                      sign: ([UInt8]) throws -> [UInt8]) rethrows -> String {
        let input = Base64URL.encode(JSONValue.object(header).serialized) + "." + Base64URL.encode(JSONValue.object(claims).serialized)
        return input + "." + Base64URL.encode(try sign(Array(input.utf8)))
    }
}

/// A fetcher that answers from memory (for tests that need no socket).
final class StaticKeySetFetcher: KeySetFetcher {
    private let state: Mutex<(body: [UInt8], cacheControl: String?, count: Int)>

    init(_ set: JWKSet, cacheControl: String? = "max-age=3600") {
        state = Mutex((Array(set.serialized.utf8), cacheControl, 0))
    }

    func fetch(_ url: URL) async throws -> FetchedKeySet {
        state.withLock { s in
            s.count += 1
            return FetchedKeySet(body: s.body, cacheControl: s.cacheControl)
        }
    }

    var count: Int { state.withLock { $0.count } }
}

/// Runs Tests/Peers/jose_peer.py. Missing python3 or modules is a FAILURE, never a skip.
enum PythonPeer {
    static func run(_ request: JSONValue) throws -> [String: JSONValue] {
        let script = Fixtures.peersDirectory.appendingPathComponent("jose_peer.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        do { try process.run() } catch {
            throw TestFailure("cannot start python3 (install Python 3 with PyJWT, jwcrypto, cryptography): \(error)")
        }
        input.fileHandleForWriting.write(Data(request.serialized.utf8))
        try input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readToEndRetrying()
        let err = errors.fileHandleForReading.readToEndRetrying()
        process.waitUntilExit()
        if process.terminationStatus == 127 {
            throw TestFailure("python3 is not installed; the JOSE peer tests need python3 with PyJWT, jwcrypto, cryptography")
        }
        guard let answer = try? JSONParser.parseObject(Array(out), what: "peer answer") else {
            throw TestFailure("jose_peer.py gave no JSON (status \(process.terminationStatus)): \(String(decoding: err, as: UTF8.self))")
        }
        if let message = answer["error"]?.stringValue { throw TestFailure("jose_peer.py: \(message)") }
        return answer
    }
}
