import Foundation
import OAuthCore
import Synchronization

extension StoreConformance {
    /// TokenPathStore.insertToken(_:whileLive:at:) is one atomic step against revocation: a grant revoked
    /// (GrantStore.revokeGrant: the grant, then its tokens, in one transaction) while the insert runs
    /// leaves no live token under it, whichever of the two the store lets finish first.
    static let liveTokenRaceCases: [ConformanceCase] = [
        ConformanceCase("live token: insertToken(whileLive:) racing a grant revocation leaves no live token") { s in
            let grant = try Fixture.linkedWithRefreshToken(s)
            let access = Fixture.token("raced", .access, grant: grant)
            let revocation = HeldRevocation(s, grant: grant.id)
            let insert = Outcome<Bool> { try awaited { try await s.insertToken(access, whileLive: "refresh", at: Fixture.time(6)) } }
            // A store that does not wait for the open revocation answers at once; one that waits, after it.
            _ = insert.value(within: 0.5)
            try revocation.commit()
            guard let inserted = insert.value(within: 60) else { throw ConformanceFailure("the insert hung") }
            try expectEqual(try s.grant(id: grant.id)?.revokedAt, Fixture.time(5), "the grant is revoked")
            try expectEqual(try s.token(hash: "raced") != nil, try inserted.get(), "the answer says what was written")
            try expectNil(try s.liveToken(hash: "raced", at: Fixture.time(6)), "a live token under a revoked grant")
        },
    ]
}

/// `revokeGrant` inside a transaction kept open on a thread of its own until `commit()`.
final class HeldRevocation: Sendable {
    private let release = DispatchSemaphore(value: 0)
    private let done: Outcome<Void>

    init(_ storage: any Storage, grant: String) {
        let inside = DispatchSemaphore(value: 0)
        done = Outcome { [release] in
            defer { inside.signal() }
            try storage.transaction { view in
                _ = try view.revokeGrant(id: grant, at: Fixture.time(5))
                inside.signal()
                _ = release.wait(timeout: .now() + 60)
            }
        }
        _ = inside.wait(timeout: .now() + 60)
    }

    func commit() throws {
        release.signal()
        guard let result = done.value(within: 60) else { throw ConformanceFailure("the revocation hung") }
        try result.get()
    }
}

/// `body` run on a thread of its own; its result once there.
final class Outcome<T: Sendable>: Sendable {
    private let result = Mutex<Result<T, any Error>?>(nil)
    private let finished = DispatchSemaphore(value: 0)

    init(_ body: @escaping @Sendable () throws -> T) {
        Thread { [self] in
            let value = Result { try body() }
            result.withLock { $0 = value }
            finished.signal()
        }.start()
    }

    /// The result, waiting up to `seconds` for it; nil if it has not come.
    func value(within seconds: Double) -> Result<T, any Error>? {
        if finished.wait(timeout: .now() + seconds) == .success { finished.signal() }
        return result.withLock { $0 }
    }
}
