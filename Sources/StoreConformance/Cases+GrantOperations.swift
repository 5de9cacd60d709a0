import Foundation
import OAuthCore
import Support

extension StoreConformance {
    /// The token path's transactional grant operations (TokenPathStore `redeemCode`, `rotateRefreshToken`,
    /// `startSignIn`): each the one store call of its grant, with the whole grant's reads and writes.
    static let grantOperationCases: [ConformanceCase] = [
        ConformanceCase("redeem code: consumed, checked, the pair written for the code's subject") { s in
            let grant = try Fixture.linked(s)
            try s.insertCode(Fixture.code("code", grant: grant))
            let outcome = try s.redeemCode(redemption("code", grant, pair: "first"), at: Fixture.time(2))
            guard case .issued(let code, let account) = outcome else { throw ConformanceFailure("not issued: \(outcome)") }
            try expectEqual(code.hash, "code", "the code")
            try expectEqual(account, try s.account(id: grant.accountID), "its account")
            let access = try s.liveToken(hash: "first-access", at: Fixture.time(3))
            try expectEqual(access?.record.grantID, grant.id, "the access token under the code's grant")
            try expectEqual(access?.record.scope, grant.scope, "for the code's scope")
            try expectEqual(try s.token(hash: "first-refresh")?.kind, .refresh, "the refresh token")
        },
        ConformanceCase("redeem code: a refusal commits the consumption and writes no token; unknown is invalid_grant") { s in
            let grant = try Fixture.linked(s)
            try s.insertCode(Fixture.code("code", grant: grant))
            var wrong = redemption("code", grant, pair: "refused")
            wrong.codeVerifier = "not-the-verifier-of-the-challenge-0123456789"
            try expectGrantError(.invalidGrant, "a wrong verifier") { _ = try s.redeemCode(wrong, at: Fixture.time(2)) }
            try expectNil(try s.token(hash: "refused-access"), "no token written")
            try expectGrantError(.invalidGrant, "unknown") {
                _ = try s.redeemCode(redemption("unknown", grant, pair: "unknown"), at: Fixture.time(2))
            }
            let again = try s.redeemCode(redemption("code", grant, pair: "again"), at: Fixture.time(3))
            guard case .replayed = again else { throw ConformanceFailure("the consumption was not kept: \(again)") }
        },
        ConformanceCase("redeem code: presented again revokes its grant and the tokens it issued") { s in
            let grant = try Fixture.linked(s)
            try s.insertCode(Fixture.code("code", grant: grant))
            _ = try s.redeemCode(redemption("code", grant, pair: "first"), at: Fixture.time(2))
            let again = try s.redeemCode(redemption("code", grant, pair: "second"), at: Fixture.time(3))
            guard case .replayed(let code) = again else { throw ConformanceFailure("not a replay: \(again)") }
            try expectEqual(code.grantID, grant.id, "the replayed code")
            try expect(try s.grant(id: grant.id)?.isActive == false, "its grant revoked")
            try expectNil(try s.liveToken(hash: "first-access", at: Fixture.time(4)), "what it issued revoked")
            try expectNil(try s.token(hash: "second-access"), "nothing issued")
        },
        ConformanceCase("redeem code: an inactive account issues nothing") { s in
            let grant = try Fixture.linked(s)
            try s.insertCode(Fixture.code("code", grant: grant))
            var account = try s.account(id: grant.accountID)
            account?.status = .disabled
            try s.updateAccount(try unwrapped(account))
            try expectGrantError(.invalidGrant, "a disabled account") {
                _ = try s.redeemCode(redemption("code", grant, pair: "late"), at: Fixture.time(2))
            }
            try expectNil(try s.token(hash: "late-access"), "nothing written")
        },
        ConformanceCase("rotate refresh token: a fresh pair, the child recorded; again a retry; after the child's use a theft") { s in
            let grant = try Fixture.linkedWithRefreshToken(s)
            let first = try s.rotateRefreshToken(rotation("refresh", grant, pair: "c1"), at: Fixture.time(2))
            guard case .rotated(.first, let live, let subject) = first else { throw ConformanceFailure("not first: \(first)") }
            try expectEqual(live.record.hash, "refresh", "the presented token")
            try expectEqual(subject.scope, grant.scope, "as granted")
            try expect(try s.liveToken(hash: "c1-refresh", at: Fixture.time(3)) != nil, "the child is live")
            let retry = try s.rotateRefreshToken(rotation("refresh", grant, pair: "c2"), at: Fixture.time(3))
            guard case .rotated(.retry, _, _) = retry else { throw ConformanceFailure("not a retry: \(retry)") }
            try expectEqual(try s.auditEvents(limit: 10).map(\.kind), ["refresh.retry"], "the retry audited, the first not")
            _ = try s.rotateRefreshToken(rotation("c2-refresh", grant, pair: "d1"), at: Fixture.time(4))
            let theft = try s.rotateRefreshToken(rotation("refresh", grant, pair: "x"), at: Fixture.time(5))
            guard case .theft(let record) = theft else { throw ConformanceFailure("not a theft: \(theft)") }
            try expectEqual(record.hash, "refresh", "the presented token")
            try expect(try s.grant(id: grant.id)?.isActive == false, "the grant revoked")
            try expectNil(try s.token(hash: "x-access"), "nothing issued")
            let reuse = try s.auditEvents(limit: 10).first
            try expectEqual(reuse?.kind, "refresh.reuse", "the theft audited with its revocation")
            try expectEqual(reuse?.clientID, grant.clientID, "of the presenting client")
        },
        ConformanceCase("rotate refresh token: a wider scope, another client's token, outside the window: refused, nothing written") { s in
            let grant = try Fixture.linkedWithRefreshToken(s)
            var wider = rotation("refresh", grant, pair: "wide")
            wider.requestedScope = "openid devices email"
            try expectGrantError(.invalidScope, "a wider scope") { _ = try s.rotateRefreshToken(wider, at: Fixture.time(2)) }
            try expectNil(try s.token(hash: "refresh")?.rotatedAt, "not rotated by a refused scope")
            var other = rotation("refresh", grant, pair: "other")
            other.clientID = "another"
            try expectGrantError(.invalidGrant, "another client's") { _ = try s.rotateRefreshToken(other, at: Fixture.time(2)) }
            var narrowed = rotation("refresh", grant, pair: "narrow")
            narrowed.requestedScope = "devices"
            guard case .rotated(_, _, let subject) = try s.rotateRefreshToken(narrowed, at: Fixture.time(3))
            else { throw ConformanceFailure("the narrowed rotation") }
            try expectEqual(subject.scope, ["devices"], "narrowed")
            try expectEqual(try s.token(hash: "narrow-access")?.scope, ["devices"], "written narrowed")
            try expectGrantError(.invalidGrant, "outside the window") {
                _ = try s.rotateRefreshToken(rotation("refresh", grant, pair: "late"), at: Fixture.time(3 + 3601))
            }
            for hash in ["wide-access", "other-access", "late-access"] { try expectNil(try s.token(hash: hash), "\(hash)") }
        },
        ConformanceCase("start sign-in: the grant and the pair written for an active account; else nothing") { s in
            try s.insertAccount(Fixture.account("acct"))
            try s.insertClient(Fixture.client("app"))
            let grant = Fixture.grant("grt-1", account: "acct", client: "app", at: 5)
            let account = try s.startSignIn(grant, tokens: pair("sign"))
            try expectEqual(account.id, "acct", "its account")
            try expectEqual(try s.grant(id: "grt-1"), grant, "the grant")
            try expectEqual(try s.liveToken(hash: "sign-access", at: Fixture.time(6))?.record.grantID, "grt-1", "the access token")
            try expectEqual(try s.token(hash: "sign-refresh")?.authTime, Fixture.time(5), "authenticated when the grant was made")
            var disabled = account
            disabled.status = .disabled
            try s.updateAccount(disabled)
            try expectGrantError(.invalidGrant, "a disabled account") {
                _ = try s.startSignIn(Fixture.grant("grt-2", account: "acct", client: "app"), tokens: pair("no"))
            }
            try expectNil(try s.grant(id: "grt-2"), "no grant")
            try expectNil(try s.token(hash: "no-access"), "no token")
        },
    ]

    private static func pair(_ prefix: String) -> TokenPairRecipe {
        TokenPairRecipe(accessHash: "\(prefix)-access", refreshHash: "\(prefix)-refresh", createdAt: Fixture.time(2),
                        accessLifetime: 3600, refreshLifetime: nil)
    }

    private static func redemption(_ code: String, _ grant: Grant, pair prefix: String) -> CodeRedemption {
        var client = Fixture.client(grant.clientID)
        client.redirectURIs = ["https://oauth-redirect.googleusercontent.com/r/p"]
        return CodeRedemption(
            codeHash: code, client: client, redirectURI: "https://oauth-redirect.googleusercontent.com/r/p",
            codeVerifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk", tokens: pair(prefix), random: SystemRandom())
    }

    private static func rotation(_ hash: String, _ grant: Grant, pair prefix: String) -> RefreshRotationRequest {
        RefreshRotationRequest(refreshHash: hash, clientID: grant.clientID, requestedScope: nil, reuseWindow: 3600,
                               tokens: pair(prefix), random: SystemRandom())
    }

    private static func unwrapped<T>(_ value: T?) throws -> T {
        guard let value else { throw ConformanceFailure("missing") }
        return value
    }

    private static func expectGrantError(_ code: OAuthError.Code, _ what: String, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as OAuthError {
            return try expectEqual(error.code, code, what)
        }
        throw ConformanceFailure("\(what): not refused")
    }
}
