import Foundation
import JOSE
import Support

extension SigningKeyRing {
    /// The claims of a compact JWS signed by one of our published keys (chosen by `kid`, the
    /// algorithm fixed by the key) whose `iss` is `issuer`; nil otherwise. Expiry is the caller's check.
    public func verify(_ token: String, issuer: String) -> JWTClaims? {
        guard let parsed = try? CompactJWS(parsing: token), let kid = parsed.header.keyID,
            let key = try? current().published.first(where: { $0.keyID.sameBytes(kid) }),
            let jws = try? JWS.verify(token, with: key.verificationKey), let claims = try? jws.claims(),
            let claimed = try? claims.string("iss"), claimed.sameBytes(issuer)
        else { return nil }
        return claims
    }
}

/// Signs with the active keys of the key ring: the RS256 key by default, the key of a client's
/// `id_token_signed_response_alg` for its ID tokens.
public struct KeyRingSigner: IDTokenSigner {
    let keyRing: SigningKeyRing

    public init(keyRing: SigningKeyRing) { self.keyRing = keyRing }

    public func sign(claims: [String: JSONValue]) throws -> String {
        try keyRing.current().active.sign(payload: JSONValue.object(claims).bytes)
    }

    /// A key missing from the cache is looked for once in the store (a rotation made by the CLI since
    /// the last periodic refresh). ID tokens are signed after the grant's transaction has committed.
    public func sign(claims: [String: JSONValue], algorithm: String) throws -> String {
        guard let key = try keyRing.current().activeByAlgorithm[algorithm] ?? keyRing.refresh().activeByAlgorithm[algorithm]
        else {
            throw SigningKeyRingError("no active \(algorithm) signing key; run `accountlink keys rotate --es256`")
        }
        return try key.sign(payload: JSONValue.object(claims).bytes)
    }
}

/// The protocol core's view of our own client_credentials tokens (ClientCredentialsGrant).
public struct KeyRingTokenVerifier: SignedTokenVerifier {
    let keyRing: SigningKeyRing
    let issuer: String

    public init(keyRing: SigningKeyRing, issuer: String) {
        self.keyRing = keyRing
        self.issuer = issuer
    }

    public func verify(_ token: String) -> SignedTokenClaims? {
        guard let claims = keyRing.verify(token, issuer: issuer),
            let clientID = try? claims.string("client_id"), let issuedAt = try? claims.numericDate("iat"),
            let expiresAt = try? claims.numericDate("exp")
        else { return nil }
        let scope = ((try? claims.string("scope")) ?? nil).map(ScopeRules.parse) ?? []
        return SignedTokenClaims(clientID: clientID, scope: scope, issuedAt: issuedAt, expiresAt: expiresAt,
                                 use: (try? claims.string("token_use")) ?? nil)
    }
}
