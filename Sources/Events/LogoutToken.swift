import Foundation
import JOSE
import OAuthCore

/// OIDC Back-Channel Logout 1.0 §2.4 (https://openid.net/specs/openid-connect-backchannel-1_0.html): a JWT
/// with `iss`, `aud` (the client), `iat`, `exp`, `jti`, `sub` and the `events` member, never a `nonce`;
/// header `typ` `logout+jwt` (§2.4, explicit typing); signed with the key of the client's ID tokens.
public struct LogoutToken: Sendable {
    public static let event = "http://schemas.openid.net/event/backchannel-logout"
    /// §2.4 recommends a short lifetime (two minutes).
    public static let lifetime: TimeInterval = 120

    let keyRing: SigningKeyRing
    let issuer: String

    public init(keyRing: SigningKeyRing, issuer: String) {
        self.keyRing = keyRing
        self.issuer = issuer
    }

    /// The delivery's id is the token's `jti`, the same on every attempt (§2.6: the RP may reject replays).
    public func token(for delivery: EventDelivery, client: Client?, at now: Date) throws -> String {
        let iat = Int64(now.timeIntervalSince1970)
        let claims: [String: JSONValue] = [
            "iss": .string(issuer), "aud": .string(delivery.endpointID), "iat": .int(iat),
            "exp": .int(iat + Int64(Self.lifetime)), "jti": .string(delivery.id), "sub": .string(delivery.accountID),
            "events": .object([Self.event: .object([:])]),
        ]
        let algorithm = client?.idTokenSignedResponseAlg ?? Client.defaultIDTokenAlg
        guard let key = try keyRing.current().activeByAlgorithm[algorithm] ?? keyRing.refresh().activeByAlgorithm[algorithm]
        else { throw StoreError.corrupt("no active \(algorithm) signing key for logout tokens") }
        return try key.sign(payload: JSONValue.object(claims).bytes, type: "logout+jwt")
    }
}
