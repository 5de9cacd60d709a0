import Foundation
import HTTPServer
import Testing

/// docs/performance.md, PostgreSQL: a responder that names an executor (StoreThreadsResponder names
/// PostgreSQL's threads) gets each request's task started there, not on Swift's global pool and then hopped over.
@Suite("HTTPServer: the responder's preferred executor", .serialized, .timeLimit(.minutes(1)))
struct ExecutorPreferenceTests {
    @Test func aRequestRunsOnTheResponderExecutorFromItsStart() async throws {
        let executor = MarkedThreadExecutor()
        defer { executor.stop() }
        try await withServer(responder: WhereAmI(executor: executor)) { server in
            let port = server.boundPort
            let answers = try await offload { try (0..<20).map { _ in try RawClient(port: port).request(get("/")).text } }
            #expect(answers == Array(repeating: "on the preferred executor", count: 20))
        }
    }

    /// The executor is asked for per request (PostgreSQL's reader for the reads of the token path, the
    /// store's threads for the rest: AccountLinkServer/Middleware/StoreThreads.swift).
    @Test func theExecutorIsChosenForEachRequest() async throws {
        let executor = MarkedThreadExecutor()
        defer { executor.stop() }
        try await withServer(responder: WhereAmI(executor: executor, onlyFor: "/marked")) { server in
            let port = server.boundPort
            let answers = try await offload {
                try ["/marked", "/other", "/marked"].map { try RawClient(port: port).request(get($0)).text }
            }
            #expect(answers == ["on the preferred executor", "elsewhere", "on the preferred executor"])
        }
    }

    @Test func withoutOneARequestRunsElsewhere() async throws {
        try await withServer(responder: WhereAmI(executor: nil)) { server in
            let port = server.boundPort
            let answer = try await offload { try RawClient(port: port).request(get("/")).text }
            #expect(answer == "elsewhere")
        }
    }
}

/// Says whether it runs on a `MarkedThreadExecutor` thread, before a suspension and after it (the task keeps
/// the executor it was started with as its preference: StoreThreadsResponder relies on it), "mixed" when
/// the two differ.
private struct WhereAmI: HTTPResponder {
    let executor: MarkedThreadExecutor?
    /// The one path that gets `executor`; nil: every path.
    var onlyFor: String? = nil

    func preferredExecutor(for request: HTTPRequest) -> (any TaskExecutor)? {
        guard let onlyFor else { return executor }
        return request.path == onlyFor ? executor : nil
    }

    func respond(to request: HTTPRequest) async -> HTTPResponse {
        let before = MarkedThreadExecutor.isCurrent
        try? await Task.sleep(nanoseconds: 1_000_000)  // resumed by the clock's thread, onto the preference
        let after = MarkedThreadExecutor.isCurrent
        guard before == after else { return .text(200, "mixed") }
        return .text(200, before ? "on the preferred executor" : "elsewhere")
    }
}

/// A `TaskExecutor` with one thread of its own, marked so that code can tell it runs there.
private final class MarkedThreadExecutor: TaskExecutor, @unchecked Sendable {
    // @unchecked: `jobs` and `stopped` are touched only while `condition` is locked.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var stopped = false
    private static let mark = "accountlink.test.marked"

    init() {
        Thread.detachNewThread { [self] in
            Thread.current.threadDictionary[Self.mark] = true
            while let job = next() { job.runSynchronously(on: asUnownedTaskExecutor()) }
        }
    }

    static var isCurrent: Bool { Thread.current.threadDictionary[mark] != nil }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    private func next() -> UnownedJob? {
        condition.lock()
        defer { condition.unlock() }
        while jobs.isEmpty && !stopped { condition.wait() }
        return jobs.isEmpty ? nil : jobs.removeFirst()
    }
}
