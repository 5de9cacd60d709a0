import Foundation
import HTTPServer
import Support

/// What wrk measures against the HTTP layer alone: a small JSON handler behind the real server
/// (libmicrohttpd, two workers) over keep-alive connections, no store and no signature. The
/// reference point of docs/performance.md, "What `make bench` measures"; one run only, the
/// machines are shared: `accountlink-bench http-probe` (wrk from scripts/install-deps.sh bench).
enum HTTPProbe {
    static func run(seconds: Double) throws {
        let server = HTTPServer(configuration: .init(host: "127.0.0.1", port: 0, threadCount: 2),
                                responder: ClosureResponder { _ in .json(200, raw: #"{"ok":true}"#) }, logger: .silent)
        try server.start()
        defer { server.shutdown() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/wrk")
        process.arguments = ["-t1", "-c32", "-d\(max(1, Int(seconds)))s", "http://127.0.0.1:\(server.boundPort)/"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchFailure("wrk exited with \(process.terminationStatus)") }
        Swift.print(String(decoding: output, as: UTF8.self), terminator: "")
    }
}
