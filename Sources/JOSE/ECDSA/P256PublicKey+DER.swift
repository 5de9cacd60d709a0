import Support

extension P256PublicKey {
    /// WebAuthn ES256 signatures are DER `ECDSA-Sig-Value` (W3C WebAuthn Level 3 §6.5.5, "Signature
    /// Formats for Packed Attestation, FIDO U2F Attestation, and Assertion Signatures"), not JWS's
    /// raw r‖s; OpenSSL refuses a non-canonical DER encoding while verifying.
    public func isValidDERSignature(_ der: [UInt8], for message: [UInt8]) -> Bool {
        guard !der.isEmpty, der.count <= 72 else { return false }
        return verifierPool.verify(signature: der, digest: SHA256.hash(message))
    }

    /// The DER form of a raw r‖s signature (for software authenticators in tests and tools).
    public static func derSignature(fromRaw raw: [UInt8]) -> [UInt8]? { ECDSASignature.der(fromRaw: raw) }
}
