import AccountLinkServer
import Foundation
import HTTPServer
import Operations
import Settings

/// The server's own answer to `/healthz`, UserInfo and introspection without HTTP: the app's responder
/// (every middleware, the handler, the store) called in process on one and on two tasks at once, each
/// looping for `seconds`, on the executor `serve` would start the request on. Prints answers per second and
/// the process's CPU per answer: what a change to a handler saves, free of the network stack's and
/// wrk's share of the machine and of their noise (docs/performance-history.md, Tenth round). The store and
/// settings are the server's (ACCOUNTLINK_* in the environment; `make bench` passes its own).
struct RequestFigures {
    let figures: [(name: String, request: HTTPRequest)]
    let seconds: Double

    /// `token`: an access token of a client whose HTTP Basic credentials are `basic` (base64).
    init(token: String, basic: String, seconds: Double) {
        let bearer: HTTPHeaders = ["Authorization": "Bearer " + token]
        let form: HTTPHeaders = ["Authorization": "Basic " + basic, "Content-Type": "application/x-www-form-urlencoded"]
        figures = [
            ("healthz", HTTPRequest(method: "GET", path: "/healthz")),
            ("userinfo", HTTPRequest(method: "GET", path: "/userinfo", headers: bearer)),
            ("introspect", HTTPRequest(method: "POST", path: "/introspect", headers: form, body: Array("token=\(token)".utf8))),
        ]
        self.seconds = seconds
    }

    func print() async throws {
        let configuration = try ConfigurationLoader(environment: ProcessInfo.processInfo.environment, flags: [:]).load()
        let runtime = try Runtime.open(configuration, logger: Operations.serverLogger(configuration))
        let responder = try AccountLinkApp(runtime: runtime).responder()
        for (name, request) in figures {
            let answer = await Task(executorPreference: responder.preferredExecutor(for: request)) {
                await responder.respond(to: request)
            }.value
            guard answer.status == 200, name != "introspect" || answer.body.starts(with: Array(#"{"active":true"#.utf8))
            else { throw BenchFailure("\(name) answered \(answer.status): \(String(decoding: answer.body, as: UTF8.self))") }
        }
        // BENCH_REQUESTS (names, comma-separated) measures only those: to profile one.
        let only = ProcessInfo.processInfo.environment["BENCH_REQUESTS"].map { Set($0.split(separator: ",").map(String.init)) }
        for tasks in [1, 2] {
            for (name, request) in figures where only?.contains(name) ?? true {
                let (count, cpu) = try await measure(responder, request, tasks: tasks)
                Swift.print("app_\(name)_\(tasks)t_per_s \(Int(Double(count) / seconds))")
                Swift.print("app_\(name)_\(tasks)t_cpu_us \(String(format: "%.2f", cpu * 1e6 / Double(max(count, 1))))")
            }
        }
    }

    private func measure(_ responder: any HTTPResponder, _ request: HTTPRequest, tasks: Int) async throws
        -> (count: Int, cpu: Double)
    {
        let cpuBefore = processCPU()
        let deadline = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
        // On the executor the HTTP server would start the request on (ServerCore.dispatch): PostgreSQL's
        // token path runs on its reader's thread, everything else of PostgreSQL's on the store's threads.
        let executor = responder.preferredExecutor(for: request)
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<tasks {
                group.addTask(executorPreference: executor) {
                    var count = 0
                    while ContinuousClock.now < deadline {
                        for _ in 0..<32 {
                            guard await responder.respond(to: request).status == 200 else { throw BenchFailure("a request failed") }
                        }
                        count += 32
                    }
                    return count
                }
            }
            return try await group.reduce(0, +)
        }
        return (counts, processCPU() - cpuBefore)
    }
}

func processCPU() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
