import Foundation
import OAuthCore

/// The rotation rule (RefreshRotation.swift; docs/operations.md "Refresh rotation") on every store:
/// a lost answer is retried with a fresh pair at any time within the reuse window, a token presented
/// after a later one of its family was used revokes the grant, and unused successors can never be
/// used once a sibling was (presenting one is theft) and are purged after the window.
extension StoreConformance {
    static let refreshRotationCases: [ConformanceCase] = [
        ConformanceCase("refresh rotation: concurrent presentations of one token each get a successor") { s in
            _ = try Fixture.linkedWithRefreshToken(s)
            let outcomes = try race { i in try Rotation.present(s, "refresh", child: "c\(i)", at: 10) }
            try expectEqual(outcomes.filter { $0 == .first }.count, 1, "first presentations")
            try expectEqual(outcomes.filter { $0 == .retry }.count, racers - 1, "retries")
            for i in 0..<racers { try expect(try Rotation.live(s, "c\(i)"), "c\(i) live until a sibling is used") }
            try expectEqual(try Rotation.present(s, "c1", child: "d1", at: 20), .first, "the kept answer's token")
            try expectEqual(try Rotation.present(s, "d1", child: "e1", at: 30), .first, "the family goes on")
            try expectEqual(try Rotation.present(s, "c0", child: "x", at: 40), .theft, "another answer's token: held by someone else")
        },
        ConformanceCase("refresh rotation: a lost answer, then a retry an hour later, gets a fresh pair") { s in
            let grant = try Fixture.linkedWithRefreshToken(s)
            try expectEqual(try Rotation.present(s, "refresh", child: "lost", at: 10), .first, "first")
            try expectEqual(try Rotation.present(s, "refresh", child: "kept", at: 3610), .retry, "an hour later")
            try expectEqual(try Rotation.present(s, "kept", child: "next", at: 3620), .first, "the new token works")
            try expectNil(try s.grant(id: grant.id)?.revokedAt, "the link stays")
        },
        ConformanceCase("refresh rotation: an earlier token presented after a later one was used is theft") { s in
            let grant = try Fixture.linkedWithRefreshToken(s)
            try expectEqual(try Rotation.present(s, "refresh", child: "c1", at: 10), .first, "first")
            try expectEqual(try Rotation.present(s, "c1", child: "d1", at: 20), .first, "c1 used")
            try expectEqual(try Rotation.present(s, "refresh", child: "x", at: 30), .theft, "refresh replayed")
            try expect(try s.grant(id: grant.id)?.revokedAt != nil, "grant revoked")
            try expect(!(try Rotation.live(s, "d1")), "the family's live token revoked")
            try expect(!(try Rotation.live(s, "x")), "nothing issued to the thief")
        },
        ConformanceCase("refresh rotation: a replay two generations back is theft") { s in
            let grant = try Fixture.linkedWithRefreshToken(s)
            try expectEqual(try Rotation.present(s, "refresh", child: "c1", at: 10), .first, "first")
            try expectEqual(try Rotation.present(s, "c1", child: "d1", at: 20), .first, "second")
            try expectEqual(try Rotation.present(s, "d1", child: "e1", at: 30), .first, "third")
            try expectEqual(try Rotation.present(s, "c1", child: "x", at: 40), .theft, "c1 replayed")
            try expect(try s.grant(id: grant.id)?.revokedAt != nil, "grant revoked")
        },
        ConformanceCase("refresh rotation: unused successors are cleaned up, one branch stays") { s in
            _ = try Fixture.linkedWithRefreshToken(s)
            for (index, child) in ["c1", "c2", "c3"].enumerated() {
                try expectEqual(try Rotation.present(s, "refresh", child: child, at: 10 + index), index == 0 ? .first : .retry, child)
            }
            try expectEqual(try Rotation.present(s, "c3", child: "d1", at: 20), .first, "c3 used")
            try expectEqual(try Rotation.present(s, "c3", child: "d2", at: 21), .retry, "c3's own retry")
            try expectEqual(try Rotation.present(s, "d2", child: "e1", at: 22), .first, "d2 used")
            _ = try s.purgeRefreshHistory(before: Fixture.time(25))
            for hash in ["refresh", "c1", "c2", "c3", "d1", "d2"] { try expectNil(try s.token(hash: hash), "\(hash) purged") }
            try expect(try Rotation.live(s, "e1"), "the branch in use stays")
            try expectNil(try Rotation.present(s, "c2", child: "x", at: 40), "a cleaned-up successor is unknown")
            try expectEqual(try Rotation.present(s, "e1", child: "f1", at: 50), .first, "and the link works")
        },
        ConformanceCase("refresh rotation: an unused successor presented after a sibling was used is theft") { s in
            let grant = try Fixture.linkedWithRefreshToken(s)
            try expectEqual(try Rotation.present(s, "refresh", child: "c1", at: 10), .first, "first")
            try expectEqual(try Rotation.present(s, "refresh", child: "c2", at: 11), .retry, "retry")
            try expectEqual(try Rotation.present(s, "c2", child: "d1", at: 20), .first, "c2 used")
            try expectEqual(try Rotation.present(s, "c1", child: "x", at: 30), .theft, "c1 presented too")
            try expect(try s.grant(id: grant.id)?.revokedAt != nil, "grant revoked")
            try expect(!(try Rotation.live(s, "d1")), "the family's live token revoked")
        },
        ConformanceCase("refresh rotation: outside the reuse window a rotated token is refused, nothing changes") { s in
            let grant = try Fixture.linkedWithRefreshToken(s)
            try expectEqual(try Rotation.present(s, "refresh", child: "c1", at: 10), .first, "first")
            let late = 10 + Int(Rotation.window) + 1
            try expectEqual(try Rotation.present(s, "refresh", child: "x", at: late), .outsideWindow, "after the window")
            try expectEqual(try Rotation.present(s, "refresh", child: "c2", at: late - 1), .retry, "at its end")
            try expectNil(try s.grant(id: grant.id)?.revokedAt, "the link stays")
            try expect(try Rotation.live(s, "c2"), "the retry's token")
            _ = try s.purgeRefreshHistory(before: Fixture.time(late).addingTimeInterval(-Rotation.window))
            try expectNil(try Rotation.present(s, "refresh", child: "y", at: late), "purged: unknown")
        },
    ]
}

/// A refresh of a rotating client as RefreshTokenGrant makes it, minus the HTTP: read live, apply the
/// rule, then issue the successor (or revoke the grant), in one transaction.
enum Rotation {
    static let window: TimeInterval = 86_400

    /// nil when the token is not live (unknown, revoked, expired).
    static func present(_ s: any Storage, _ hash: String, child: String, at seconds: Int)
        throws -> RefreshRotation.Presentation?
    {
        let now = Fixture.time(seconds)
        return try s.transaction { view in
            guard let live = try view.liveToken(hash: hash, at: now) else { return nil }
            let outcome = try RefreshRotation.present(live.record, in: view, at: now, reuseWindow: window)
            switch outcome {
            case .first, .retry:
                var token = live.record
                (token.hash, token.createdAt, token.rotatedAt) = (child, now, nil)
                try view.insertToken(token)
                try view.recordRefreshLineage(child: child, parent: hash, at: now)
            case .theft: _ = try view.revokeGrant(id: live.record.grantID, at: now)
            case .outsideWindow: break
            }
            return outcome
        }
    }

    static func live(_ s: any Storage, _ hash: String) throws -> Bool {
        try s.liveToken(hash: hash, at: Fixture.time(100_000)) != nil
    }
}
