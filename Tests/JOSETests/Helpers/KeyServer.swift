import Foundation
import Support
@testable import JOSE

/// Tests/Peers/key_server.py on 127.0.0.1, started per test and stopped by its PID.
final class KeyServer: @unchecked Sendable {
    let directory: URL
    let port: Int
    private let process: Process

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("jose-keys-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Fixtures.peersDirectory.appendingPathComponent("key_server.py").path, directory.path]
        let output = Pipe()
        process.standardOutput = output
        do { try process.run() } catch { throw TestFailure("cannot start python3 for the key server: \(error)") }
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = DescriptorReading.readSome(output.fileHandleForReading.fileDescriptor) ?? Data()
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            kill(process.processIdentifier, SIGKILL)
            throw TestFailure("the key server did not report a port (is python3 installed?)")
        }
        self.port = port
    }

    deinit { stop() }

    func stop() {
        if process.isRunning {
            // SIGKILL: the child inherits the test runner's blocked-signal mask, so SIGTERM may never arrive.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }
    var keysURL: URL { baseURL.appendingPathComponent("auth").appendingPathComponent("keys") }

    func serve(_ set: JWKSet, cacheControl: String? = "max-age=3600", status: Int = 200) throws {
        try write("body", set.serialized)
        try write("status", String(status))
        if let cacheControl { try write("cache", cacheControl) } else { try? FileManager.default.removeItem(at: file("cache")) }
    }

    func fail(status: Int) throws { try write("status", String(status)) }

    var hits: Int { (try? String(contentsOf: file("hits"), encoding: .utf8)).flatMap { Int($0) } ?? 0 }

    private func file(_ name: String) -> URL { directory.appendingPathComponent(name) }
    private func write(_ name: String, _ text: String) throws { try Data(text.utf8).write(to: file(name), options: .atomic) }
}
