import Foundation
import HTTPServer
import Support
import Testing

/// Opt-in, one run only (the machines are shared): `WRK_PROBE=1 swift test --filter throughputProbe`
/// prints what wrk measures against a small JSON handler over keep-alive connections.
@Test func throughputProbe() async throws {
    guard ProcessInfo.processInfo.environment["WRK_PROBE"] != nil else { return }
    try await withServer({ $0.threadCount = 2 }, responder: ClosureResponder { _ in .json(200, raw: #"{"ok":true}"#) }) { server in
        let port = server.boundPort
        let output = try await offload { () throws -> String in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/wrk")
            process.arguments = ["-t1", "-c32", "-d3s", "http://127.0.0.1:\(port)/"]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            process.waitUntilExit()
            return String(decoding: pipe.fileHandleForReading.readToEndRetrying(), as: UTF8.self)
        }
        print("WRK", output)
    }
}
