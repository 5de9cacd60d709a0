/// The attestation object (W3C WebAuthn Level 3 §6.5): `{"fmt", "attStmt", "authData"}`. We ask for
/// `attestation: "none"`, so we accept `none` (§8.7: an empty statement) and `packed` self
/// attestation (§8.2: `alg` and `sig` by the credential key itself, no `x5c`), verifying it when
/// sent. Any other format, or `packed` with a certificate chain, is refused: we keep no trust store.
public struct AttestationObject: Sendable {
    public let format: String
    public let authenticatorData: AuthenticatorData
    let statement: CBOR

    public init(_ bytes: [UInt8]) throws(WebAuthnError) {
        let object = try CBORReader.decode(bytes, canonical: false)
        guard let format = object["fmt"]?.textValue, let statement = object["attStmt"], statement.mapValue != nil,
              let authData = object["authData"]?.bytesValue
        else { throw WebAuthnError(.malformedCBOR, "the attestation object lacks fmt, attStmt or authData") }
        self.format = format
        self.statement = statement
        authenticatorData = try AuthenticatorData(authData)
    }

    /// §7.1 steps 19–21 for the two formats we accept. `key` is the attested credential's key.
    public func verify(clientDataHash: [UInt8], key: COSEKey) throws(WebAuthnError) {
        switch format {
        case "none":
            guard statement.mapValue?.isEmpty == true else { throw Self.unsupported("a none statement must be empty") }
        case "packed":
            try verifyPackedSelf(clientDataHash: clientDataHash, key: key)
        default:
            throw Self.unsupported("attestation format \(format) is not accepted")
        }
    }

    /// §8.2.1 verification procedure, self attestation: alg matches the credential key's, and sig
    /// verifies over authenticatorData ‖ clientDataHash with that key.
    func verifyPackedSelf(clientDataHash: [UInt8], key: COSEKey) throws(WebAuthnError) {
        guard statement["x5c"] == nil else { throw Self.unsupported("packed attestation with a certificate chain") }
        guard statement.mapValue?.count == 2, let alg = statement["alg"]?.intValue, let sig = statement["sig"]?.bytesValue
        else { throw Self.unsupported("a packed statement needs exactly alg and sig") }
        guard alg == key.algorithm.rawValue else { throw Self.unsupported("packed alg differs from the key's") }
        guard key.isValidSignature(sig, for: authenticatorData.bytes + clientDataHash) else {
            throw WebAuthnError(.badSignature, "the packed self-attestation signature does not verify")
        }
    }

    static func unsupported(_ detail: String) -> WebAuthnError { WebAuthnError(.unsupportedAttestation, detail) }
}
