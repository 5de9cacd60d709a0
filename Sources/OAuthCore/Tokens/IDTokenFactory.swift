import Foundation
import JOSE
import Support

/// OIDC Core §2 ID-token claims, signed by the injected `IDTokenSigner`.
struct IDTokenFactory {
    let environment: OAuthEnvironment

    /// `algorithm`: the client's `id_token_signed_response_alg`. `at_hash` is the left half of
    /// SHA-256 for both RS256 and ES256 (OIDC Core §3.1.3.6).
    func make(account: Account, subject: TokenService.Subject, nonce: String?, accessToken: String?,
              algorithm: String) throws -> String
    {
        try environment.idTokenSigner.sign(
            claims: claims(account: account, subject: subject, nonce: nonce, accessToken: accessToken),
            algorithm: algorithm)
    }

    func claims(account: Account, subject: TokenService.Subject, nonce: String?, accessToken: String?)
        -> [String: JSONValue]
    {
        let now = environment.clock.unixTime
        var claims: [String: JSONValue] = [
            "iss": .string(environment.configuration.issuer),
            "sub": .string(account.id),
            "aud": .string(subject.clientID),
            "iat": .int(now),
            "exp": .int(now + Int64(environment.configuration.idTokenLifetime)),
            "auth_time": .int(Int64(subject.authTime.timeIntervalSince1970.rounded(.down))),
        ]
        // OIDC Core §3.1.2.1 / §3.1.3.6: nonce echoed when the request carried one.
        if let nonce { claims["nonce"] = .string(nonce) }
        if let accessToken { claims["at_hash"] = .string(Self.atHash(accessToken)) }
        return claims.merging(UserClaims.claims(account, scope: subject.scope)) { current, _ in current }
    }

    /// OIDC Core §3.1.3.6: base64url of the left-most half of SHA-256 of the ASCII access token (RS256).
    static func atHash(_ accessToken: String) -> String {
        Base64URL.encode(SHA256.hash(accessToken).prefix(16))
    }
}

/// OIDC Core §5.4: which claims the granted scopes release.
enum UserClaims {
    static func claims(_ account: Account, scope: [String]) -> [String: JSONValue] {
        var claims: [String: JSONValue] = [:]
        if scope.containsBytes("email"), let email = account.email {
            claims["email"] = .string(email)
            claims["email_verified"] = .bool(account.emailVerified)
        }
        if scope.containsBytes("profile"), let name = account.displayName { claims["name"] = .string(name) }
        return claims
    }
}
