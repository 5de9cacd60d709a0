import Foundation
import Support

/// Runs the built `accountlink` binary as an operator would (docs/architecture.md rule 15: CLI tests).
struct CLIRunner {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    let directory: URL
    var environment: [String: String]

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("accountlink-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("ACCOUNTLINK_") }
        environment["ACCOUNTLINK_DATABASE"] = "sqlite:" + directory.appendingPathComponent("db.sqlite").path
    }

    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["ACCOUNTLINK_BINARY"] { return URL(fileURLWithPath: path) }
        // Tests run from the package root; the debug build sits beside the test bundle.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/accountlink")
    }

    func run(_ arguments: [String], stdin: String? = nil) throws -> Result {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = directory
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let outData = out.fileHandleForReading.readToEndRetrying()
        let errData = err.fileHandleForReading.readToEndRetrying()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }

    func cleanUp() { try? FileManager.default.removeItem(at: directory) }
}
