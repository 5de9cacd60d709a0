import Foundation

/// The one rule for a call made by the maker's own app for its signed-in person (App Flip,
/// docs/app-flip-ios.md §2; the account API, README "The app's API"): the token comes from
/// `Authorization: Bearer` (RFC 6750 §2.1), is a live access token (unexpired, unrevoked; a refresh
/// token is no access token), was issued to a first-party client, and its account is active.
/// The checks run in that order; each caller maps the `Refusal` to its own wire error.
public struct FirstPartyBearer: Sendable {
    public enum Refusal: Error, Equatable, Sendable {
        /// No `Authorization: Bearer <token>`: no header, another scheme, or an empty token.
        case missing
        /// Unknown, expired or revoked, or not an access token.
        case invalidToken
        /// A live access token of a client that is not first-party (e.g. Google's, for the link).
        case notFirstParty
        /// A live first-party access token whose account is disabled or deleted.
        case accountInactive
    }

    let environment: OAuthEnvironment

    public init(environment: OAuthEnvironment) { self.environment = environment }

    /// The token's sign-in, or a `Refusal`; a store failure is thrown as it is (a 5xx, never a refusal).
    public func verify(_ authorization: String?) async throws -> TokenService.Bearer {
        guard let token = TokenService.bearerToken(fromAuthorization: authorization) else { throw Refusal.missing }
        let bearer: TokenService.Bearer
        do {
            bearer = try await TokenService(environment: environment).verifyAccessToken(token)
        } catch where error.code == .invalidToken {
            throw try await refusal(notLive: token)
        }
        try await checkFirstParty(bearer.record)
        return bearer
    }

    /// The client from the environment's cache (ClientCache.swift), as client authentication reads it, so
    /// a verify is one store read when the client is cached. Its rule is the token endpoint's for the
    /// password and token-exchange grants: a client removed here (admin API) is forgotten at once, one
    /// removed elsewhere within the cache's lifetime. A client is never changed in place (only removed
    /// and added again: Storage.deleteClient), and removing it revokes every token issued to it, so the
    /// live read above refuses those whatever the cache holds.
    private func checkFirstParty(_ record: TokenRecord) async throws {
        let client = try await environment.clientCache.client(id: record.clientID) {
            try await environment.storage.readClient(id: record.clientID)
        }
        guard client?.firstParty == true else { throw Refusal.notFirstParty }
    }

    /// Why the live read (TokenPathStore.liveToken) found nothing: a usable access token whose account
    /// is not active, or no usable access token at all. Read only on this failure path.
    private func refusal(notLive token: String) async throws -> Refusal {
        guard let record = try environment.storage.token(hash: OpaqueToken.hash(token)), record.kind == .access,
            record.isUsable(at: environment.clock.now())
        else { return .invalidToken }
        try await checkFirstParty(record)
        return .accountInactive
    }
}
