import Foundation
import Glibc
import HTTPServer
import Support
import Testing

/// docs/hardening.md: request framing, the request target, and connection limits per client address.
@Suite("HTTPServer hardening", .serialized, .timeLimit(.minutes(2)))
struct HardeningTests {
    private let responder = ClosureResponder { request in .text(200, "path=" + request.path) }

    /// RFC 9112 §6.1: Content-Length beside Transfer-Encoding is refused and the connection closed.
    @Test func contentLengthWithTransferEncodingIs400AndClosed() async throws {
        try await withServer(responder: responder) { server in
            let port = server.boundPort
            try await offload {
                let client = try RawClient(port: port)
                let response = try client.request(
                    "POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n"
                        + "0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(response.status == 400)
                #expect(response.headers["Connection"]?.lowercased() == "close")
                #expect(client.waitForClose())
            }
        }
    }

    /// A NUL byte (raw or percent-encoded) or a control byte in the target is 400, never a shorter path.
    @Test(arguments: ["/metrics\u{0}.png", "/metrics%00.png", "/metrics%00\u{301}.png", "/a\u{1}b", "/a\u{7F}"])
    func invalidRequestTargetIs400(target: String) async throws {
        try await withServer(responder: responder) { server in
            let port = server.boundPort
            let (status, text) = try await offload { () throws -> (Int, String) in
                let response = try RawClient(port: port).request(get(target))
                return (response.status, response.text)
            }
            #expect(status == 400)
            #expect(!text.contains("path=/metrics"))
        }
    }

    @Test func aNormalTargetStillWorks() async throws {
        try await withServer(responder: responder) { server in
            let port = server.boundPort
            let text = try await offload { try RawClient(port: port).request(get("/metrics?x=%00")).text }
            #expect(text == "path=/metrics")
        }
    }

    /// 1,100 idle connections and 500 slow clients from 127.0.0.1 leave a client on 127.0.0.2 fully
    /// served: one address holds at most `maxConnectionsPerAddress` connections.
    @Test func oneAddressCannotStarveAnother() async throws {
        try await withServer(responder: responder) { server in
            let port = server.boundPort
            let perAddress = server.configuration.maxConnectionsPerAddress
            let (statuses, held) = try await offload { () throws -> ([Int], Int) in
                var attackers: [RawClient] = []
                for _ in 0..<1100 { if let c = try? RawClient(port: port, timeoutSeconds: 5) { attackers.append(c) } }
                for _ in 0..<500 {
                    guard let c = try? RawClient(port: port, timeoutSeconds: 5) else { continue }
                    c.send("GET /slow HTTP/1.1\r\nHost: x\r\nX-Pad: ")
                    attackers.append(c)
                }
                let statuses = try (0..<20).map { _ in
                    try RawClient(port: port, timeoutSeconds: 10, source: "127.0.0.2").request(get("/normal")).status
                }
                // 127.0.0.2's last connections may still be closing: poll briefly for the count to settle.
                var held = server.connectionCount
                for _ in 0..<100 where held > perAddress + 1 {
                    usleep(50_000)
                    held = server.connectionCount
                }
                withExtendedLifetime(attackers) {}
                return (statuses, held)
            }
            #expect(statuses == Array(repeating: 200, count: 20))
            #expect(held <= perAddress + 1, "one address holds at most its cap")
        }
    }
}
