import AccountLinkServer
import Foundation
import Glibc
import HTTPServer
import Operations
import Settings
import Support

/// The demo's throwaway world: a temporary folder with a SQLite database, a free loopback port,
/// and the server running inside this process (as `serve` runs it).
final class DemoWorld: @unchecked Sendable {
    let folder: URL
    let port: Int
    let environment: [String: String]
    private(set) var server: HTTPServer?
    private(set) var configuration: ServerConfiguration?
    /// The serving runtime: the demo opens its own outbox with it (DemoStory+SignUp.swift).
    private(set) var runtime: Runtime?

    var base: URL { URL(string: "http://127.0.0.1:\(port)")! }
    var databasePath: String { folder.appendingPathComponent("accountlink.sqlite").path }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("accountlink-demo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        port = try Self.freeLoopbackPort()
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("ACCOUNTLINK_") }
        environment["ACCOUNTLINK_LISTEN"] = "127.0.0.1:\(port)"
        environment["ACCOUNTLINK_DATABASE"] = "sqlite:" + folder.appendingPathComponent("accountlink.sqlite").path
        environment["ACCOUNTLINK_MASTER_KEY"] = Data((0..<32).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        environment["ACCOUNTLINK_LOG_LEVEL"] = "error"
        environment["ACCOUNTLINK_PRODUCT_NAME"] = "Demo Smart Home"
        environment["ACCOUNTLINK_APPLE_APP_IDS"] = "ABCDE12345.com.example.smarthome"
        self.environment = environment
    }

    /// Opens (and migrates) the database and starts serving, exactly as `serve` does.
    func start() throws {
        let context = CommandContext(environment: environment, configurationFlags: [:])
        let configuration = try context.configuration()
        context.logger = Operations.serverLogger(configuration)
        let runtime = try context.runtime()
        let app = try AccountLinkApp(runtime: runtime)
        let server = HTTPServer(
            configuration: HTTPServer.Configuration(host: configuration.listenHost, port: configuration.listenPort),
            responder: app.responder(), logger: runtime.logger.with(label: "http"))
        try server.start()
        self.server = server
        self.configuration = configuration
        self.runtime = runtime
    }

    /// Stops the server (on a GCD thread: shutdown waits for requests in flight) and deletes the folder.
    func finish() async {
        if let server {
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                DispatchQueue.global().async {
                    server.shutdown()
                    done.resume()
                }
            }
        }
        try? FileManager.default.removeItem(at: folder)
    }

    struct CLIResult {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// Runs this very binary as an operator would (`accountlink client add …`) on the demo's database.
    func cli(_ arguments: [String], stdin: String? = nil) async throws -> CLIResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = folder
        let out = Pipe(), err = Pipe(), input = Pipe()
        (process.standardOutput, process.standardError, process.standardInput) = (out, err, input)
        try process.run()
        return await withCheckedContinuation { (done: CheckedContinuation<CLIResult, Never>) in
            DispatchQueue.global().async {
                input.fileHandleForWriting.write(Data((stdin ?? "").utf8))
                try? input.fileHandleForWriting.close()
                let stdout = out.fileHandleForReading.readToEndRetrying()
                let stderr = err.fileHandleForReading.readToEndRetrying()
                process.waitUntilExit()
                done.resume(returning: CLIResult(status: process.terminationStatus,
                                                 stdout: String(decoding: stdout, as: UTF8.self),
                                                 stderr: String(decoding: stderr, as: UTF8.self)))
            }
        }
    }

    /// Binds 127.0.0.1:0, reads the port the kernel chose, and releases it for the server.
    static func freeLoopbackPort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw CommandFailure.unavailable("cannot open a socket") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(fd, raw, length) == 0 && getsockname(fd, raw, &length) == 0
            }
        }
        guard bound else { throw CommandFailure.unavailable("cannot find a free loopback port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
