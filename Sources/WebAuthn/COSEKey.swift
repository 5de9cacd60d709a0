import JOSE

/// A credential public key (COSE_Key, RFC 9052 §7) turned into one of our OpenSSL keys. Accepted:
/// ES256 (alg −7: kty EC2, crv P-256) and RS256 (alg −257: kty RSA, RFC 8812 §2), the algorithms
/// W3C WebAuthn Level 3 §5.4 recommends every relying party to list.
public struct COSEKey: Sendable {
    public enum Algorithm: Int64, Sendable, CaseIterable {
        case es256 = -7
        case rs256 = -257
    }

    public let algorithm: Algorithm
    let p256: P256PublicKey?
    let rsa: RSAPublicKey?

    /// COSE labels: kty 1, alg 3; EC2 crv −1, x −2, y −3 (RFC 9053 §7.1.1); RSA n −1, e −2 (RFC 8230 §4).
    public init(cose bytes: [UInt8]) throws(WebAuthnError) {
        let map = try CBORReader.decode(bytes, canonical: true)
        guard let alg = map[3]?.intValue, let algorithm = Algorithm(rawValue: alg) else {
            throw WebAuthnError(.unsupportedKey, "the key's algorithm is not ES256 or RS256")
        }
        self.algorithm = algorithm
        switch algorithm {
        case .es256:
            guard map[1]?.intValue == 2, map[-1]?.intValue == 1, let x = map[-2]?.bytesValue, let y = map[-3]?.bytesValue
            else { throw WebAuthnError(.unsupportedKey, "an ES256 key must be EC2 on P-256 with x and y") }
            p256 = try Self.make { () throws(JOSEError) in try P256PublicKey(x: x, y: y) }
            rsa = nil
        case .rs256:
            guard map[1]?.intValue == 3, let n = map[-1]?.bytesValue, let e = map[-2]?.bytesValue
            else { throw WebAuthnError(.unsupportedKey, "an RS256 key must be RSA with n and e") }
            rsa = try Self.make { () throws(JOSEError) in try RSAPublicKey(modulus: n, exponent: e) }
            p256 = nil
        }
    }

    static func make<Key>(_ body: () throws(JOSEError) -> Key) throws(WebAuthnError) -> Key {
        do { return try body() } catch { throw WebAuthnError(.unsupportedKey, error.reason) }
    }

    /// §6.5.5: ES256 signatures are DER; RS256 is RSASSA-PKCS1-v1_5 with SHA-256. The message is
    /// authenticatorData ‖ SHA-256(clientDataJSON) (§6.3.3 step 11, §7.2 step 20).
    public func isValidSignature(_ signature: [UInt8], for message: [UInt8]) -> Bool {
        if let p256 { return p256.isValidDERSignature(signature, for: message) }
        if let rsa { return rsa.isValidSignature(signature, for: message) }
        return false
    }
}
