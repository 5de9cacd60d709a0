import Dispatch
import Foundation
import OAuthCore
import Synchronization

/// docs/performance.md, The token path: with rotation on, the purge keeps the token table bounded
/// (RefreshHistoryStore) and leaves what fork and reuse detection still need (RefreshTokenGrant.swift,
/// docs/hardening.md).
extension StoreConformance {
    static let refreshHistoryCases: [ConformanceCase] = [
        ConformanceCase("refresh lineage: of siblings used at once exactly one is not a fork") { s in
            let children = (0..<8).map { "sibling\($0)" }
            for child in children { try s.recordRefreshLineage(child: child, parent: "p", at: Fixture.time(0)) }
            let passed = Atomic<Int>(0)
            let failures = Atomic<Int>(0)
            DispatchQueue.concurrentPerform(iterations: children.count) { index in
                switch Result(catching: { try s.useRefreshToken(hash: children[index], at: Fixture.time(1)) }) {
                case .success(true): passed.add(1, ordering: .relaxed)
                case .success(false): break
                case .failure: failures.add(1, ordering: .relaxed)
                }
            }
            try expectEqual(failures.load(ordering: .relaxed), 0, "store errors")
            try expectEqual(passed.load(ordering: .relaxed), 1, "siblings that passed")
            try expect(try s.useRefreshToken(hash: children[0], at: Fixture.time(2)) == false
                || s.useRefreshToken(hash: children[1], at: Fixture.time(2)) == false, "the family stays forked")
        },
        ConformanceCase("refresh history: purges rotated, revoked and abandoned tokens and dead lineage") { s in
            let grant = try Fixture.linked(s)
            for hash in ["p", "c1", "c2", "d1", "q", "r", "s", "live", "f1"] {
                try s.insertToken(Fixture.token(hash, .refresh, grant: grant, expiresAt: nil))
            }
            try expect(try s.markRotated(hash: "p", at: Fixture.time(10)), "p rotated")
            try s.recordRefreshLineage(child: "c1", parent: "p", at: Fixture.time(10))
            try s.recordRefreshLineage(child: "c2", parent: "p", at: Fixture.time(10))
            try expect(try s.useRefreshToken(hash: "c1", at: Fixture.time(20)), "c1 used")
            try expect(try s.markRotated(hash: "c1", at: Fixture.time(20)), "c1 rotated")
            try s.recordRefreshLineage(child: "d1", parent: "c1", at: Fixture.time(20))
            try expect(try s.markRotated(hash: "q", at: Fixture.time(150)), "q rotated late")
            try s.recordRefreshLineage(child: "e1", parent: "q", at: Fixture.time(150))
            try expect(try s.revokeToken(hash: "r", at: Fixture.time(50)), "r revoked")
            try expect(try s.revokeToken(hash: "s", at: Fixture.time(150)), "s revoked late")
            try s.recordRefreshLineage(child: "f1", parent: "g", at: Fixture.time(30))
            try expect(try s.revokeToken(hash: "f1", at: Fixture.time(150)), "f1 revoked late")
            // Tokens p, c1 (rotated), c2 (abandoned branch), r (revoked); lineage (c1,p), (c2,p), (f1,g).
            try expectEqual(try s.purgeRefreshHistory(before: Fixture.time(100)), 7, "rows purged")
            for hash in ["p", "c1", "c2", "r"] { try expectNil(try s.token(hash: hash), "\(hash) purged") }
            for hash in ["d1", "q", "s", "live", "f1"] { try expect(try s.token(hash: hash) != nil, "\(hash) kept") }
            try expect(try s.useRefreshToken(hash: "d1", at: Fixture.time(200)), "the live child is still fine")
            try s.recordRefreshLineage(child: "d2", parent: "c1", at: Fixture.time(200))
            try expect(!(try s.useRefreshToken(hash: "d2", at: Fixture.time(210))), "a fork of the live family is still caught")
            try expectEqual(try s.purgeRefreshHistory(before: Fixture.time(100)), 0, "second purge")
        },
        ConformanceCase("refresh history: a long rotation chain shrinks to its current token") { s in
            let grant = try Fixture.linked(s)
            let chain = (0..<12).map { "t\($0)" }
            try s.insertToken(Fixture.token(chain[0], .refresh, grant: grant, expiresAt: nil))
            for (index, pair) in zip(chain, chain.dropFirst()).enumerated() {
                let at = Fixture.time(index * 10)
                try expect(try s.useRefreshToken(hash: pair.0, at: at), "\(pair.0) used")
                try expect(try s.markRotated(hash: pair.0, at: at), "\(pair.0) rotated")
                try s.insertToken(Fixture.token(pair.1, .refresh, grant: grant, expiresAt: nil))
                try s.recordRefreshLineage(child: pair.1, parent: pair.0, at: at)
            }
            try expectEqual(try s.purgeRefreshHistory(before: Fixture.time(50)), 5 + 4, "older than the window")
            try expect(try s.token(hash: "t5") != nil, "rotated inside the window: kept")
            try expectEqual(try s.purgeRefreshHistory(before: Fixture.time(1000)), 6 + 6, "all history")
            for hash in chain.dropLast() { try expectNil(try s.token(hash: hash), "\(hash) purged") }
            try expect(try s.token(hash: "t11") != nil, "the current token stays")
            try expect(try s.useRefreshToken(hash: "t11", at: Fixture.time(2000)), "and works")
        },
    ]
}
