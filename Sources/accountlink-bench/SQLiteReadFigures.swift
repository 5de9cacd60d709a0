import CSQLiteSetup
import Foundation
import OAuthCore
import StoreSQLite

/// SQLite's token read (`liveToken(hash:at:)`, the query of UserInfo and introspection) on one and on two
/// threads at once, each thread looping for `seconds`: reads per second and the process's CPU per read.
/// With `plain`, SQLite is initialised before the store opens, so that StoreSQLite's process-wide
/// settings (CSQLiteSetup/setup.c) cannot apply: SQLite's own mutexes and allocation statistics, to
/// compare (docs/performance-history.md, Ninth round).
struct SQLiteReadFigures {
    let path: String
    let hash: String
    let seconds: Double

    /// `token`: an access token as the client presents it; read by its hash, as the server reads it.
    init(path: String, token: String, seconds: Double) {
        self.path = path
        hash = OpaqueToken.hash(token)
        self.seconds = seconds
    }

    func print(plain: Bool) throws {
        if plain { _ = accountlink_sqlite_initialize_unconfigured() }
        let storage = try SQLiteStorage(path: path)
        guard try storage.liveToken(hash: hash, at: Date()) != nil else {
            throw BenchFailure("no live token under that hash in \(path)")
        }
        let label = plain ? "sqlite_plain" : "sqlite"
        for threads in [1, 2] {
            let (reads, cpu) = try measure(storage, threads: threads)
            Swift.print("\(label)_read_\(threads)t_per_s \(Int(Double(reads) / seconds))")
            Swift.print("\(label)_read_\(threads)t_cpu_us \(String(format: "%.2f", cpu * 1e6 / Double(max(reads, 1))))")
        }
    }

    private func measure(_ storage: SQLiteStorage, threads: Int) throws -> (reads: Int, cpu: Double) {
        let counts = Counts(threads)
        let done = DispatchGroup()
        let cpuBefore = processCPU()
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
        for index in 0..<threads {
            done.enter()
            Thread.detachNewThread { [hash] in
                defer { done.leave() }
                let now = Date()
                var reads = 0
                while DispatchTime.now().uptimeNanoseconds < deadline {
                    for _ in 0..<64 {
                        guard (try? storage.liveToken(hash: hash, at: now)) != nil else { counts.fail(); return }
                    }
                    reads += 64
                }
                counts.set(index, reads)
            }
        }
        done.wait()
        if counts.failed { throw BenchFailure("a read failed") }
        return (counts.total, processCPU() - cpuBefore)
    }
}

/// Per-thread results, written once by each thread.
private final class Counts: @unchecked Sendable {
    // @unchecked: every access holds `lock`.
    private let lock = NSLock()
    private var values: [Int]
    private(set) var failed = false

    init(_ count: Int) { values = Array(repeating: 0, count: count) }
    func set(_ index: Int, _ value: Int) { lock.withLock { values[index] = value } }
    func fail() { lock.withLock { failed = true } }
    var total: Int { lock.withLock { values.reduce(0, +) } }
}
