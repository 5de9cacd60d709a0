import Foundation
import Support

/// RFC 7662: `POST /introspect`, for confidential clients. A client sees its own tokens; a client
/// registered as a resource server (the maker's fulfillment, `client add --resource-server`) sees every
/// client's tokens (§4: the server decides which protected resources may introspect). Everything else
/// is `{"active": false}` (§2.2).
public struct IntrospectionEndpoint: Sendable {
    let environment: OAuthEnvironment

    public init(environment: OAuthEnvironment) { self.environment = environment }

    public func handle(_ request: TokenRequest) async -> EndpointResponse {
        do {
            return .json(try await introspect(request))
        } catch {
            let oauth = OAuthError.from(error)
            environment.log(oauth, ["oauth.endpoint": "introspect"])
            return oauth.response
        }
    }

    private func introspect(_ request: TokenRequest) async throws -> JSONValue {
        try RepeatedParameters.check(request.parameters)
        // Our opaque tokens (a known prefix) are hashed once, and read with the client when it is not cached.
        let hash = request.parameters["token"].flatMap { OpaqueToken.kind(of: $0) == nil ? nil : OpaqueToken.hash($0) }
        let (client, presented) = try await authenticate(request, hash)
        // RFC 7662 §2.1: the endpoint requires authorization; public clients have none.
        guard !client.isPublic else {
            throw OAuthError.invalidClient("introspection needs a confidential client")
        }
        guard let token = request.parameters["token"], !token.isEmpty else {
            throw OAuthError.invalidRequest("token is missing")
        }
        // Only strings without our prefix may be a JWS.
        if hash == nil, let signed = signedTokenIntrospection(token, client) { return signed }
        let found = if let presented { presented } else { try await activeRecord(hash ?? OpaqueToken.hash(token)) }
        guard let record = found, record.clientID.sameBytes(client.id) || client.resourceServer else {
            return .object(["active": .bool(false)])
        }
        var body: [String: JSONValue] = [
            "active": .bool(true), "scope": .string(record.scope.joined(separator: " ")),
            "client_id": .string(record.clientID), "sub": .string(record.accountID),
            "iat": .int(Int64(record.createdAt.timeIntervalSince1970.rounded(.down))),
            "token_type": .string(record.kind == .access ? "Bearer" : "refresh_token"),
            "iss": .string(environment.configuration.issuer),
        ]
        if let exp = record.expiresAt { body["exp"] = .int(Int64(exp.timeIntervalSince1970.rounded(.down))) }
        return .object(body)
    }

    /// The client, and our opaque token when read in the same query (`.some(nil)`: not live; nil: not read).
    private func authenticate(_ request: TokenRequest, _ hash: String?) async throws -> (Client, TokenRecord??) {
        let authenticator = ClientAuthenticator(environment: environment)
        guard let hash else {
            return (try await authenticator.authenticate(request.parameters, authorization: request.authorization).client, nil)
        }
        let (client, live) = try await authenticator.authenticate(
            request.parameters, authorization: request.authorization, presenting: hash, at: environment.clock.now())
        return (client.client, live.map { $0?.record })
    }

    private func activeRecord(_ hash: String) async throws -> TokenRecord? {
        // A revoked grant has revoked this token too (GrantStore.revokeGrant).
        try await environment.storage.readLiveToken(hash: hash, at: environment.clock.now())?.record
    }
}
