import Glibc
import Foundation
import HTTPServer
import Support
import Synchronization
import Testing

private func echoRouter() -> Router {
    var router = Router()
    router.add("GET", "/hello", { _ in .text(200, "hello") })
    router.add("GET", "/page", { _ in .html(200, "<h1>hi</h1>") })
    router.add("POST", "/sum", { request in
        guard let numbers = try? request.decodeJSON([String: Int].self) else { return .json(400, raw: #"{"error":"bad json"}"#) }
        return .json(200, ["sum": numbers.values.reduce(0, +)])
    })
    router.add("POST", "/echo", { request in
        let form = request.form
        return .json(200, [
            "path": request.path, "raw_query": request.rawQuery,
            "q": request.query.values("q").joined(separator: ","),
            "dup_query": request.query.duplicatedNames.joined(separator: ","),
            "form_a": form?.values("a").joined(separator: ",") ?? "-",
            "dup_form": form?.duplicatedNames.joined(separator: ",") ?? "-",
            "sid": request.cookies["sid"] ?? "-", "agent": request.header("user-agent") ?? "-",
            "remote": request.remoteAddress, "id": request.requestID,
        ])
    })
    return router
}

@Suite("HTTPServer over loopback", .serialized, .timeLimit(.minutes(1)))
struct ServerTests {
    @Test func keepAliveServesFiftyRequestsOnOneConnection() async throws {
        try await withServer(responder: echoRouter()) { server in
            let port = server.boundPort
            let (statuses, openConnections) = try await offload { () throws -> ([Int], Int) in
                let client = try RawClient(port: port)
                let statuses = try (0..<50).map { _ in
                    let response = try client.request(get("/hello"))
                    #expect(response.headers["Connection"]?.lowercased() != "close")
                    #expect(response.text == "hello")
                    return response.status
                }
                return (statuses, server.connectionCount)
            }
            #expect(statuses == Array(repeating: 200, count: 50))
            #expect(openConnections == 1)
        }
    }

    @Test func routingHeadSecurityHeadersAndRequestID() async throws {
        try await withServer(responder: echoRouter()) { server in
            let port = server.boundPort
            try await offload {
                let client = try RawClient(port: port)
                let missing = try client.request(get("/missing"))
                #expect(missing.status == 404)
                #expect(missing.headers["X-Content-Type-Options"] == "nosniff")
                #expect(missing.headers["Referrer-Policy"] == "no-referrer")
                let wrong = try client.request("DELETE /hello HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(wrong.status == 405 && wrong.headers["Allow"] == "GET, HEAD")
                let head = try client.request("HEAD /hello HTTP/1.1\r\nHost: x\r\n\r\n", head: true)
                #expect(head.status == 200 && head.headers["Content-Length"] == "5")
                let page = try client.request(get("/page"))
                #expect(page.headers["Content-Security-Policy"] == SecurityHeaders.defaultContentSecurityPolicy)
                #expect(page.headers["X-Frame-Options"] == "DENY")
                let generated = try client.request(get("/hello"))
                #expect(generated.headers["X-Request-Id"].map { !$0.isEmpty } == true)
                let kept = try client.request(get("/hello", "X-Request-Id: lb-1234.abc\r\n"))
                #expect(kept.headers["X-Request-Id"] == "lb-1234.abc")
                let unsafe = try client.request(get("/hello", "X-Request-Id: bad id\"\r\n"))
                #expect(unsafe.headers["X-Request-Id"] != "bad id\"")
            }
        }
    }

    @Test func queryFormCookiesAndHeadersReachTheHandler() async throws {
        try await withServer(responder: echoRouter()) { server in
            let port = server.boundPort
            let body = "a=1&a=2&b=%2F"
            let response = try await offload {
                try RawClient(port: port).request(
                    "POST /echo?q=x+y&q=z%26&r HTTP/1.1\r\nHost: x\r\nUser-Agent: raw/1\r\nCookie: sid=s1; other=2\r\n"
                        + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body)
            }
            #expect(response.status == 200)
            let fields = try JSONDecoder().decode([String: String].self, from: Data(response.body))
            #expect(fields["path"] == "/echo")
            #expect(fields["raw_query"] == "q=x+y&q=z%26&r")
            #expect(fields["q"] == "x y,z&")
            #expect(fields["dup_query"] == "q")
            #expect(fields["form_a"] == "1,2")
            #expect(fields["dup_form"] == "a")
            #expect(fields["sid"] == "s1")
            #expect(fields["agent"] == "raw/1")
            #expect(fields["remote"] == "127.0.0.1")
            #expect(fields["id"] == response.headers["X-Request-Id"])
            let json = #"{"a":2,"b":40}"#
            let sum = try await offload {
                try RawClient(port: port).request(
                    "POST /sum HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(json.utf8.count)\r\n\r\n" + json)
            }
            #expect(sum.status == 200 && sum.text == #"{"sum":42}"#)
        }
    }

    @Test func accessLogHasOneStructuredLinePerRequest() async throws {
        let sink = MemorySink()
        let logger = Logger(label: "http", sink: sink)
        try await withServer(logger: logger, responder: echoRouter()) { server in
            let port = server.boundPort
            let response = try await offload { try RawClient(port: port).request(get("/missing?code=secret")) }
            let id = response.headers["X-Request-Id"]
            try await Task.sleep(for: .milliseconds(50))
            let lines = sink.records.filter { $0.message == "request" }
            #expect(lines.count == 1)
            let record = try #require(lines.first)
            #expect(record.fields["method"] == "GET")
            #expect(record.fields["path"] == "/missing")
            #expect(record.numbers["status"] == 404)
            #expect(record.jsonLine.contains(#""status":404"#))
            #expect(record.fields["request.id"] == id)
            #expect(record.numbers["duration_ms"] != nil)
            #expect(!record.jsonLine.contains("secret"))
        }
    }

    @Test func bodyOverTheLimitGets413AndTheServerStaysHealthy() async throws {
        try await withServer(responder: echoRouter()) { server in
            let port = server.boundPort
            try await offload {
                // Announced length: answered from the headers alone, before any body byte is sent.
                let announced = try RawClient(port: port)
                let rejected = try announced.request(
                    "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: \(2 << 20)\r\n\r\n")
                #expect(rejected.status == 413)
                #expect(announced.waitForClose())
                // Chunked: cut off once it passes the limit (413 or a closed connection, never a 200).
                let chunked = try RawClient(port: port)
                chunked.send("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
                let chunk = "10000\r\n" + String(repeating: "a", count: 65536) + "\r\n"
                var sentAll = true
                for _ in 0..<32 where sentAll { sentAll = chunked.send(chunk) }
                chunked.send("0\r\n\r\n")
                if let answer = try? chunked.readResponse() { #expect(answer.status == 413) }
                #expect(try RawClient(port: port).request(get("/hello")).status == 200)
            }
        }
    }

    @Test func oversizedHeadersAreRejected() async throws {
        try await withServer({ $0.maxHeaderBytes = 8 * 1024 }, responder: echoRouter()) { server in
            let port = server.boundPort
            try await offload {
                let client = try RawClient(port: port)
                client.send(get("/hello", "X-Big: " + String(repeating: "b", count: 64 * 1024) + "\r\n"))
                let response = try client.readResponse()
                #expect([400, 431].contains(response.status))
                #expect(try RawClient(port: port).request(get("/hello")).status == 200)
            }
        }
    }

    @Test func aSlowClientIsDroppedWhileOthersAreServed() async throws {
        try await withServer({ $0.connectionTimeoutSeconds = 2 }, responder: echoRouter()) { server in
            let port = server.boundPort
            async let slow: Double? = offload {
                let client = try RawClient(port: port)
                let started = Date()
                for byte in Array(get("/hello", "X-Pad: " + String(repeating: "p", count: 40) + "\r\n").utf8) {
                    if !client.send([byte]) || client.isClosedNow() { return Date().timeIntervalSince(started) }
                    Thread.sleep(forTimeInterval: 1)
                    if client.isClosedNow() { return Date().timeIntervalSince(started) }
                    if Date().timeIntervalSince(started) > 8 { return nil }
                }
                return nil
            }
            let others = try await offload {
                var worst = 0.0
                for _ in 0..<15 {
                    let started = Date()
                    let status = try RawClient(port: port).request(get("/hello")).status
                    #expect(status == 200)
                    worst = max(worst, Date().timeIntervalSince(started))
                    Thread.sleep(forTimeInterval: 0.2)
                }
                return worst
            }
            let droppedAfter = try await slow
            #expect(droppedAfter != nil)
            // Dropped after the 2 s timeout, long before the 40 header bytes could have arrived.
            #expect((droppedAfter ?? 99) < 8)
            // Nobody waited for the slow client (a generous bound: the machine is shared).
            #expect(others < 3)
        }
    }

    @Test func twoHundredConcurrentRequestsAllSucceed() async throws {
        let inFlight = Atomic<Int>(0)
        let mostAtOnce = Atomic<Int>(0)
        let router = ClosureResponder { _ in
            let now = inFlight.wrappingAdd(1, ordering: .relaxed).newValue
            mostAtOnce.max(now, ordering: .relaxed)
            try? await Task.sleep(for: .milliseconds(20))
            inFlight.wrappingSubtract(1, ordering: .relaxed)
            return .text(200, "ok")
        }
        try await withServer(responder: router) { server in
            let port = server.boundPort
            let statuses = try await offload {
                let clients = try (0..<200).map { _ in try RawClient(port: port) }
                for client in clients { client.send(get("/")) }
                return try clients.map { try $0.readResponse().status }
            }
            // Handlers ran side by side, not one after another (counted, not timed).
            #expect(mostAtOnce.load(ordering: .relaxed) > 2)
            #expect(statuses.count == 200)
            #expect(statuses.allSatisfy { $0 == 200 })
        }
    }

    @Test func shutdownAnswersEveryAcceptedRequest() async throws {
        let entered = Atomic<Int>(0)
        let slow = ClosureResponder { _ in
            entered.add(1, ordering: .relaxed)
            try? await Task.sleep(for: .milliseconds(300))
            return .text(200, "done")
        }
        var configuration = HTTPServer.Configuration(port: 0, threadCount: 2)
        configuration.shutdownGracePeriodSeconds = 10
        let server = HTTPServer(configuration: configuration, responder: slow, logger: .silent)
        try server.start()
        let port = server.boundPort
        let count = 40
        async let responses: [Int] = offload {
            let clients = try (0..<count).map { _ in try RawClient(port: port) }
            for client in clients { client.send(get("/")) }
            return clients.map { (try? $0.readResponse().status) ?? -1 }
        }
        while entered.load(ordering: .relaxed) < count { try await Task.sleep(for: .milliseconds(5)) }
        let stoppedIn = try await offload {
            let started = Date()
            server.shutdown()
            return Date().timeIntervalSince(started)
        }
        let statuses = try await responses
        #expect(statuses == Array(repeating: 200, count: count))  // none dropped, none 503
        #expect(stoppedIn < 5)
        #expect(server.activeRequestCount == 0)
        #expect(throws: (any Error).self) { try RawClient(port: port) }
        server.waitForShutdown()
    }

    @Test func aTakenPortIsAClearError() async throws {
        try await withServer(responder: echoRouter()) { server in
            var configuration = HTTPServer.Configuration(port: server.boundPort)
            configuration.threadCount = 1
            let second = HTTPServer(configuration: configuration, responder: echoRouter(), logger: .silent)
            #expect(throws: HTTPServerError.addressInUse(host: "127.0.0.1", port: server.boundPort)) { try second.start() }
        }
    }
}

@Suite("HTTPServer lifecycle", .serialized, .timeLimit(.minutes(1)))
struct LifecycleTests {
    @Test func handlersOutlivingTheGracePeriodGet503() async throws {
        let stuck = ClosureResponder { _ in
            try? await Task.sleep(for: .seconds(10))
            return .text(200, "late")
        }
        var configuration = HTTPServer.Configuration(port: 0, threadCount: 2)
        configuration.shutdownGracePeriodSeconds = 0.2
        let server = HTTPServer(configuration: configuration, responder: stuck, logger: .silent)
        try server.start()
        let port = server.boundPort
        async let status: Int = offload { (try? RawClient(port: port).request(get("/")).status) ?? -1 }
        while server.activeRequestCount < 1 { try await Task.sleep(for: .milliseconds(5)) }
        try await Task.sleep(for: .milliseconds(50))
        let took = try await offload {
            let started = Date()
            server.shutdown()
            return Date().timeIntervalSince(started)
        }
        #expect(try await status == 503)
        // It did not wait for the 10 s handler: the 0.2 s grace period ended it (generous bound).
        #expect(took < 5)
    }

    /// The cap is the whole server's, however many workers share the connections (the acceptor keeps it).
    @Test(arguments: [1, 2])
    func connectionsBeyondTheCapWaitUntilOneCloses(threads: Int) async throws {
        try await withServer({ $0.maxConnections = 2; $0.threadCount = threads }, responder: ClosureResponder { _ in .text(200, "ok") }) { server in
            let port = server.boundPort
            let (whileFull, afterClose) = try await offload { () throws -> (Int?, Int?) in
                var first: RawClient? = try RawClient(port: port)
                let second = try RawClient(port: port)
                _ = try first?.request(get("/"))
                _ = try second.request(get("/"))
                // At the cap the acceptor stops accepting: the third waits in the kernel's backlog.
                let third = try RawClient(port: port, timeoutSeconds: 1)
                third.send(get("/"))
                let whileFull = try? third.readResponse().status
                first = nil
                third.setReceiveTimeout(seconds: 5)
                return (whileFull, try? third.readResponse().status)
            }
            #expect(whileFull == nil)
            #expect(afterClose == 200)
        }
    }

    @Test func aSignalStartsGracefulShutdown() async throws {
        let server = HTTPServer(configuration: .init(port: 0, threadCount: 1),
                                responder: ClosureResponder { _ in .text(200, "ok") }, logger: .silent)
        try server.start()
        let listening = try #require(ListeningSockets.inode(port: server.boundPort))
        // SIGUSR2 stands in for SIGTERM/SIGINT, so the test process keeps its own handling of those.
        server.installSignalHandlers([SIGUSR2])
        kill(getpid(), SIGUSR2)
        let waited = try await offload {
            let started = Date()
            server.waitForShutdown()
            return Date().timeIntervalSince(started)
        }
        #expect(waited < 5)
        #expect(!ListeningSockets.inodes().contains(listening))
    }

    /// What tells that the server stopped is what belongs to it alone: its port, once freed, may be given
    /// at once to another test's server on port 0 (tests run in parallel), so a refused connect to the
    /// port cannot be the check (it failed that way on a clean clone). Its listening socket (known by
    /// inode, which no other socket shares) must be gone, and a keep-alive connection it accepted before
    /// the drop must be closed after it; nothing is sent to the port afterwards.
    @Test func dropsWhileRunningStopHard() async throws {
        // On a thread of its own (offload): the kept client blocks in recv while the drop stops the server.
        let (status, listening, stillListening, closed) = try await offload { () throws -> (Int, UInt64?, Bool, Bool) in
            var server: HTTPServer? = HTTPServer(configuration: .init(port: 0, threadCount: 1),
                                                 responder: ClosureResponder { _ in .text(200, "ok") }, logger: .silent)
            try server?.start()
            let port = server?.boundPort ?? 0
            let listening = ListeningSockets.inode(port: port)
            let kept = try RawClient(port: port, timeoutSeconds: 5)
            let status = try kept.request(get("/")).status
            server = nil
            let stillListening = listening.map { ListeningSockets.inodes().contains($0) } ?? true
            return (status, listening, stillListening, kept.waitForClose())
        }
        #expect(status == 200)
        #expect(listening != nil)
        #expect(!stillListening)
        #expect(closed)
    }
}

/// Listening TCP sockets as the kernel lists them (/proc/net/tcp, proc(5)): state 0A is LISTEN; the
/// inode names one socket for as long as it exists. While a server listens on 127.0.0.1:PORT no other
/// socket can, so that entry is the server's own.
enum ListeningSockets {
    static func inodes() -> Set<UInt64> { Set(entries().map(\.inode)) }

    static func inode(port: Int) -> UInt64? {
        entries().first { $0.address == "0100007F:" + String(format: "%04X", port) }?.inode
    }

    private static func entries() -> [(address: Substring, inode: UInt64)] {
        // procfs reports a size of 0: read to the end instead of by the size.
        guard let data = FileHandle(forReadingAtPath: "/proc/net/tcp")?.readDataToEndOfFile() else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count > 9, fields[3] == "0A", let inode = UInt64(fields[9]) else { return nil }
            return (fields[1], inode)
        }
    }
}
