import Foundation
import OAuthCore
import Support
import Synchronization
import Testing

/// The hooks other modules implement: token exchange and link-token redemption; grants and purge.
@Suite struct HookTests {
    struct FixedExchange: TokenExchangeHandler {
        let result: Result<TokenExchangeResult, OAuthError>
        func exchange(_ request: TokenExchangeRequest) throws -> TokenExchangeResult { try result.get() }
    }

    final class RecordingRedeemer: LinkTokenRedeemer {
        let redeemed = Mutex<[String]>([])
        func redeem(linkToken: String, accountID: String) throws {
            guard linkToken == "lnk_good" else { throw OAuthError.invalidGrant("the link token is invalid") }
            redeemed.withLock { $0.append(accountID) }
        }
    }

    private let exchangeForm = [
        ("grant_type", "urn:ietf:params:oauth:grant-type:token-exchange"), ("client_id", "app"),
        ("subject_token", "eyJ..."),
        ("subject_token_type", "urn:ietf:params:oauth:token-type:id_token"),
    ]

    @Test func tokenExchangeIssuesTokensForTheReturnedAccount() async throws {
        let f = try Fixture(
            exchange: FixedExchange(result: .success(.init(accountID: "acct_alice", accountCreated: true))))
        let response = await f.token(exchangeForm)
        #expect(response.status == 200)
        #expect(response.string("account_id") == "acct_alice")
        #expect(response.jsonObject["account_created"] as? Bool == true)
        #expect(response.string("refresh_token") != nil)
    }

    @Test func tokenExchangeLinkRequiredCarriesTheLinkToken() async throws {
        let f = try Fixture(exchange: FixedExchange(result: .failure(.linkRequired(linkToken: "lnk_123"))))
        let response = await f.token(exchangeForm)
        #expect(response.status == 400)
        #expect(response.error == "link_required")
        #expect(response.string("link_token") == "lnk_123")
    }

    @Test func tokenExchangeIsFirstPartyOnly() async throws {
        let f = try Fixture(
            exchange: FixedExchange(result: .success(.init(accountID: "acct_alice", accountCreated: false))))
        let response = await f.googleToken(exchangeForm.filter { $0.0 != "client_id" })
        #expect(response.error == "unauthorized_client")
    }

    @Test func tokenExchangeWithoutHandlerIsUnsupported() async throws {
        let f = try Fixture()
        #expect(await f.token(exchangeForm).error == "unsupported_grant_type")
    }

    @Test func passwordGrantRedeemsLinkTokenAfterThePasswordCheck() async throws {
        let redeemer = RecordingRedeemer()
        let f = try Fixture(linkTokenRedeemer: redeemer)
        let form = [("grant_type", "password"), ("client_id", "app"), ("username", "alice@example.com")]
        #expect(await f.token(form + [("password", "wrong"), ("link_token", "lnk_good")]).error == "invalid_grant")
        #expect(redeemer.redeemed.withLock { $0 }.isEmpty)
        #expect(
            await f.token(form + [("password", Fixture.password), ("link_token", "lnk_bad")]).error
                == "invalid_grant")
        #expect(await f.token(form + [("password", Fixture.password), ("link_token", "lnk_good")]).status == 200)
        #expect(redeemer.redeemed.withLock { $0 } == ["acct_alice"])
    }

    @Test func linkedServicesListAndUnlink() async throws {
        let f = try Fixture()
        let tokens = try await f.googleTokens()
        let services = LinkedServices(environment: f.environment)
        let linked = try services.list(accountID: f.aliceID)
        #expect(linked.map(\.clientName) == ["Google"])
        #expect(try !services.unlink(grantID: linked[0].grantID, accountID: "acct_someone_else"))
        #expect(try services.unlink(grantID: linked[0].grantID, accountID: f.aliceID))
        #expect(try services.list(accountID: f.aliceID).isEmpty)
        #expect(
            await f.googleToken([("grant_type", "refresh_token"), ("refresh_token", tokens.refresh)]).error
                == "invalid_grant")
    }

    @Test func purgeRemovesExpiredCodesAndAccessTokensButKeepsRefreshTokens() async throws {
        let f = try Fixture()
        let tokens = try await f.googleTokens()
        _ = try f.googleCode()
        f.clock.advance(by: 86_400 * 30)
        #expect(try purgeExpired(now: f.clock.now(), environment: f.environment) > 0)
        #expect(try f.memory.token(hash: OpaqueToken.hash(tokens.access)) == nil)
        #expect(try f.memory.token(hash: OpaqueToken.hash(tokens.refresh)) != nil)
    }

    @Test func logsNeverContainTokens() async throws {
        let f = try Fixture()
        let tokens = try await f.googleTokens()
        _ = await f.googleToken([("grant_type", "refresh_token"), ("refresh_token", tokens.refresh + "x")])
        let lines = f.logSink.records.map(\.jsonLine).joined()
        #expect(!lines.contains(tokens.refresh))
        #expect(!lines.contains(tokens.access))
        #expect(!lines.contains(Fixture.googleSecret))
    }
}
