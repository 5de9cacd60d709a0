import Foundation
import OAuthCore
import Synchronization

extension StoreConformance {
    static let racers = 8

    static let concurrencyCases: [ConformanceCase] = [
        ConformanceCase("concurrency: 8 threads racing on one code, exactly one .consumed") { s in
            let grant = try Fixture.linked(s)
            for round in 0..<5 {
                try s.insertCode(Fixture.code("race-\(round)", grant: grant))
                let outcomes = try race { _ in
                    try s.consumeCode(hash: "race-\(round)", at: Fixture.time(round))
                }
                try expectEqual(outcomes.filter(\.isConsumed).count, 1, "round \(round): .consumed outcomes")
                try expectEqual(
                    outcomes.filter(\.isAlreadyUsed).count, racers - 1, "round \(round): .alreadyUsed")
            }
        },
        ConformanceCase("concurrency: markRotated and recordNotification succeed for one racer") { s in
            let grant = try Fixture.linked(s)
            try s.insertToken(Fixture.token("r", .refresh, grant: grant, expiresAt: nil))
            let rotated = try race { i in try s.markRotated(hash: "r", at: Fixture.time(i)) }
            try expectEqual(rotated.filter { $0 }.count, 1, "markRotated winners")
            let recorded = try race { i in try s.recordNotification(jti: "jti", at: Fixture.time(i)) }
            try expectEqual(recorded.filter { $0 }.count, 1, "recordNotification winners")
        },
        ConformanceCase("concurrency: parallel transactions each commit their own writes") { s in
            _ = try race { i in
                try s.transaction { view in
                    try view.insertAccount(Fixture.account("a\(i)", at: i))
                    try view.appendAudit(
                        AuditEvent(storedID: "e\(i)", time: Fixture.time(i), kind: "account.created"))
                }
            }
            try expectEqual(try s.listAccounts().count, racers, "accounts")
            try expectEqual(try s.auditEvents(limit: 100).count, racers, "audit events")
        },
    ]

    /// Runs `body` on `racers` threads released together; rethrows the first error.
    static func race<T: Sendable>(_ body: @escaping @Sendable (Int) throws -> T) throws -> [T] {
        let results = Mutex<[Result<T, any Error>]>([])
        let start = DispatchSemaphore(value: 0)
        let group = DispatchGroup()
        for index in 0..<racers {
            group.enter()
            Thread.detachNewThread {
                start.wait()
                let result = Result { try body(index) }
                results.withLock { $0.append(result) }
                group.leave()
            }
        }
        for _ in 0..<racers { start.signal() }
        guard group.wait(timeout: .now() + 60) == .success else { throw ConformanceFailure("racers hung") }
        return try results.withLock { $0 }.map { try $0.get() }
    }
}
