import JOSE
import OAuthCore
import Support
import WebAuthn

/// The options JSON the client passes to `navigator.credentials.create/get` (W3C WebAuthn Level 3
/// §5.4 `PublicKeyCredentialCreationOptionsJSON`, §5.5 `PublicKeyCredentialRequestOptionsJSON`):
/// discoverable credentials, user verification required, no attestation asked.
enum PasskeyOptions {
    static func creation(_ context: PasskeyContext, challenge: [UInt8], userID: String, userName: String,
                         displayName: String, exclude: [Passkey]) -> JSONValue {
        .object([
            "rp": .object(["id": .string(context.relyingParty.id), "name": .string(context.relyingPartyName)]),
            "user": .object(["id": .string(Base64URL.encode(userID)), "name": .string(userName),
                             "displayName": .string(displayName)]),
            "challenge": .string(Base64URL.encode(challenge)),
            "pubKeyCredParams": .array(COSEKey.Algorithm.allCases.map {
                .object(["type": "public-key", "alg": .int($0.rawValue)])
            }),
            "timeout": .int(Int64(context.flowLifetime * 1000)),
            "excludeCredentials": .array(exclude.map { .object(["type": "public-key", "id": .string($0.credentialID)]) }),
            "authenticatorSelection": .object(["residentKey": "required", "requireResidentKey": true,
                                               "userVerification": "required"]),
            "attestation": "none",
        ])
    }

    /// No `allowCredentials`: the authenticator offers the person's discoverable credentials.
    static func request(_ context: PasskeyContext, challenge: [UInt8]) -> JSONValue {
        .object([
            "challenge": .string(Base64URL.encode(challenge)), "rpId": .string(context.relyingParty.id),
            "timeout": .int(Int64(context.flowLifetime * 1000)), "userVerification": "required",
        ])
    }

    static func answer(flowID: String, publicKey: JSONValue) -> JSONValue {
        .object(["flow_id": .string(flowID), "publicKey": publicKey])
    }
}
