import Foundation
import OAuthCore

extension StoreConformance {
    /// TokenPathStore.insertToken(derivedFrom:readAhead:at:_:) given the token the caller read with the
    /// client: not read again, and still written only while it is live (RefreshTokenGrant.unrotated).
    static let derivedTokenReadAheadCases: [ConformanceCase] = [
        ConformanceCase("derived token: a token read ahead is what derive is given, not read again") { s in
            let grant = try Fixture.linkedWithRefreshToken(s)
            var readAhead = try s.liveToken(hash: "refresh", at: Fixture.time(2))
            readAhead?.record.scope = ["read-ahead"]  // what the caller read, marked: a second read would lose it
            let given = readAhead
            let access = Fixture.token("read-ahead-access", .access, grant: grant)
            let (seen, derived) = try deriving(access, from: "refresh", readAhead: given, at: Fixture.time(2), in: s)
            try expectEqual(seen, given, "derive was given the token read ahead")
            try expectEqual(derived?.from, given, "the answer: the token read ahead")
            try expectEqual(try s.token(hash: "read-ahead-access"), access, "stored")
        },
        ConformanceCase("derived token: a revocation after the read ahead wins and nothing is written") { s in
            try eachRevocationAfterReadAhead(s) { reason, grant, refresh, readAhead in
                let access = Fixture.token("access-\(reason)", .access, grant: grant)
                let derived = try awaited {
                    try await s.insertToken(derivedFrom: refresh.hash, readAhead: readAhead, at: Fixture.time(4)) {
                        _ in access
                    }
                }
                try expectNil(derived, "\(reason): refused")
                try expectNil(try s.token(hash: access.hash), "\(reason): nothing written")
            }
        },
    ]

    /// For each way a refresh token stops being live between a read and a write (`readAheadRevocations`): a
    /// linked grant's refresh token, read ahead while live at time 2, then revoked at time 3; `body` writes at 4.
    static func eachRevocationAfterReadAhead(
        _ s: any Storage, _ body: (String, Grant, TokenRecord, LiveToken?) throws -> Void
    ) throws {
        for (reason, revoke) in readAheadRevocations {
            let grant = try Fixture.linked(s, account: "acct-\(reason)", grant: "grant-\(reason)")
            let refresh = Fixture.token("refresh-\(reason)", .refresh, grant: grant, expiresAt: nil)
            try s.insertToken(refresh)
            let readAhead = try s.liveToken(hash: refresh.hash, at: Fixture.time(2))
            try expect(readAhead != nil, "\(reason): live when read")
            try revoke(s, refresh, Fixture.time(3))
            try body(reason, grant, refresh, readAhead)
        }
    }

    /// Each way a refresh token stops being live between a read and a write.
    static let readAheadRevocations: [(String, @Sendable (any Storage, TokenRecord, Date) throws -> Void)] = [
        ("token", { s, token, now in _ = try s.revokeToken(hash: token.hash, at: now) }),
        ("grant", { s, token, now in _ = try s.revokeGrant(id: token.grantID, at: now) }),
        ("disabled", { s, token, _ in
            guard var account = try s.account(id: token.accountID) else { throw ConformanceFailure("no account") }
            account.status = .disabled
            try s.updateAccount(account)
        }),
        ("erased", { s, token, now in _ = try s.eraseAccount(id: token.accountID, at: now) }),
    ]
}
