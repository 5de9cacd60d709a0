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

/// Signs ID tokens with the active key of the key ring (RS256 by default).
public struct KeyRingSigner: IDTokenSigner {
    let keyRing: SigningKeyRing

    public init(keyRing: SigningKeyRing) { self.keyRing = keyRing }

    public func sign(claims: [String: JSONValue]) throws -> String {
        try keyRing.current().active.sign(payload: JSONValue.object(claims).bytes)
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
