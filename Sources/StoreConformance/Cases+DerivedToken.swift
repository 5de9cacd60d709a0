import Foundation
import OAuthCore
import Synchronization

extension StoreConformance {
    /// TokenPathStore.insertToken(derivedFrom:readAhead:at:_:) with nothing read ahead: the refresh token read live, what the caller
    /// derives from it written while it is still live, in one atomic step, by the same "live" rule.
    static let derivedTokenCases: [ConformanceCase] = [
        ConformanceCase("derived token: derive sees the live token with its account; its record is written") { s in
            let grant = try Fixture.linkedWithRefreshToken(s)
            let expected = try s.liveToken(hash: "refresh", at: Fixture.time(2))
            let access = Fixture.token("derived-access", .access, grant: grant)
            let (seen, derived) = try deriving(access, from: "refresh", readAhead: nil, at: Fixture.time(2), in: s)
            try expectEqual(seen, expected, "derive was given the live token")
            try expectEqual(derived?.from, expected, "the answer: the live token")
            try expectEqual(derived?.inserted, access, "the answer: what was written")
            try expectEqual(try s.token(hash: "derived-access"), access, "stored")
        },
        ConformanceCase("derived token: nothing derived or written under a refresh token not live") { s in
            for (reason, refreshHash, grant) in try notLiveRefreshTokens(s) {
                let access = Fixture.token("access-\(reason)", .access, grant: grant)
                let called = Mutex(false)
                let derived = try awaited {
                    try await s.insertToken(derivedFrom: refreshHash, readAhead: nil, at: Fixture.time(100)) { _ in
                        called.withLock { $0 = true }
                        return access
                    }
                }
                try expectNil(derived, "\(reason): refused")
                try expect(!called.withLock { $0 }, "\(reason): derive not asked")
                try expectNil(try s.token(hash: access.hash), "\(reason): nothing written")
            }
        },
        ConformanceCase("derived token: derive's error comes back as it is and nothing is written") { s in
            let grant = try Fixture.linked(s)
            let refresh = Fixture.token("refresh", .refresh, grant: grant, expiresAt: nil)
            try s.insertToken(refresh)
            do {
                _ = try awaited {
                    try await s.insertToken(derivedFrom: "refresh", readAhead: nil, at: Fixture.time(2)) { _ in throw CallerCheck() }
                }
                throw ConformanceFailure("derive's error was swallowed")
            } catch is CallerCheck {}
            try expectEqual(try s.token(hash: "refresh"), refresh, "the refresh token is untouched")
            // The store still writes after a refused derive (SQLite: the batch went on).
            let access = Fixture.token("after", .access, grant: grant)
            _ = try awaited { try await s.insertToken(derivedFrom: "refresh", readAhead: nil, at: Fixture.time(3)) { _ in access } }
            try expectEqual(try s.token(hash: "after"), access, "a later derived token is written")
        },
        ConformanceCase("derived token: the store's rule gives isUsable(at:) and an active account's answers") { s in
            for (record, account) in try liveTable(s) {
                let expected = record.isUsable(at: tableNow) && account.status == .active
                let child = Fixture.token("child-\(record.hash)", .access, grant: parentGrant(record))
                let derived = try awaited {
                    try await s.insertToken(derivedFrom: record.hash, readAhead: nil, at: tableNow) { _ in child }
                }
                try expectEqual(derived?.inserted, expected ? child : nil, "derived from \(record.hash)")
                try expectEqual(try s.token(hash: child.hash), expected ? child : nil, "child of \(record.hash)")
            }
        },
        ConformanceCase("derived token: a stored hash conflicts and changes nothing") { s in
            let grant = try Fixture.linkedWithRefreshToken(s)
            let stored = Fixture.token("taken", .access, grant: grant)
            try s.insertToken(stored)
            var duplicate = Fixture.token("taken", .refresh, grant: grant, expiresAt: nil)
            duplicate.scope = ["devices"]
            let changed = duplicate
            try expectConflict("a stored hash") {
                _ = try awaited { try await s.insertToken(derivedFrom: "refresh", readAhead: nil, at: Fixture.time(2)) { _ in changed } }
            }
            try expectEqual(try s.token(hash: "taken"), stored, "the stored token is untouched")
        },
        ConformanceCase("derived token: racing a grant revocation leaves no live token") { s in
            let grant = try Fixture.linkedWithRefreshToken(s)
            let access = Fixture.token("raced", .access, grant: grant)
            let revocation = HeldRevocation(s, grant: grant.id)
            let insert = Outcome<Bool> {
                try awaited { try await s.insertToken(derivedFrom: "refresh", readAhead: nil, at: Fixture.time(6)) { _ in access } } != nil
            }
            _ = insert.value(within: 0.5)
            try revocation.commit()
            guard let inserted = insert.value(within: 60) else { throw ConformanceFailure("the insert hung") }
            try expectEqual(try s.token(hash: "raced") != nil, try inserted.get(), "the answer says what was written")
            try expectNil(try s.liveToken(hash: "raced", at: Fixture.time(6)), "a live token under a revoked grant")
        },
    ]
}

/// An error of the caller's own, thrown from `derive`.
private struct CallerCheck: Error {}
