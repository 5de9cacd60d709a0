/// Why a registration or assertion was refused. Every case is `invalid_grant` on the wire; the
/// reason is for the log and the audit entry, never sent to the client.
public struct WebAuthnError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Reason: String, Sendable {
        case malformedCBOR = "malformed_cbor"
        case malformedAuthenticatorData = "malformed_authenticator_data"
        case malformedClientData = "malformed_client_data"
        case unsupportedKey = "unsupported_key"
        case unsupportedAttestation = "unsupported_attestation"
        case wrongType = "wrong_type"
        case wrongChallenge = "wrong_challenge"
        case wrongOrigin = "wrong_origin"
        case crossOrigin = "cross_origin"
        case wrongRelyingParty = "wrong_rp_id_hash"
        case userNotPresent = "user_not_present"
        case userNotVerified = "user_not_verified"
        case credentialMismatch = "credential_mismatch"
        case badSignature = "bad_signature"
    }

    public let reason: Reason
    public let detail: String

    public init(_ reason: Reason, _ detail: String) {
        self.reason = reason
        self.detail = detail
    }

    public var description: String { "\(reason.rawValue): \(detail)" }
}
