import COpenSSL
import Support

/// AES-256-GCM (NIST SP 800-38D) for secrets at rest: signing keys, Apple and Google refresh tokens.
/// Sealed layout: 12-byte random nonce ‖ ciphertext ‖ 16-byte tag. Never reuse a nonce with a key:
/// random 96-bit nonces stay safe for far more messages than this server will ever seal.
public enum AESGCM {
    public static let keySize = 32
    public static let nonceSize = 12
    public static let tagSize = 16

    public static func seal(_ plaintext: [UInt8], key: [UInt8], associatedData: [UInt8] = [],
                            random: any RandomSource = SystemRandom()) throws(JOSEError) -> [UInt8] {
        try checkKey(key)
        let nonce = random.bytes(nonceSize)
        let context = try CipherContext()
        let cipher = context.pointer
        try OpenSSL.check(EVP_EncryptInit_ex(cipher, EVP_aes_256_gcm(), nil, key, nonce), "AES-GCM init")
        _ = try update(cipher, associatedData, encrypt: true, aadOnly: true)
        var out = nonce
        let body = try update(cipher, plaintext, encrypt: true)
        var finalLength: Int32 = 0
        var scratch = [UInt8](repeating: 0, count: 16)
        try OpenSSL.check(EVP_EncryptFinal_ex(cipher, &scratch, &finalLength), "AES-GCM final")
        var tag = [UInt8](repeating: 0, count: tagSize)
        try OpenSSL.check(EVP_CIPHER_CTX_ctrl(cipher, EVP_CTRL_GCM_GET_TAG, Int32(tagSize), &tag), "AES-GCM tag")
        out += body
        out += tag
        return out
    }

    public static func open(_ sealed: [UInt8], key: [UInt8], associatedData: [UInt8] = []) throws(JOSEError) -> [UInt8] {
        try checkKey(key)
        guard sealed.count >= nonceSize + tagSize else {
            throw JOSEError(.malformed, "sealed data is shorter than a nonce and a tag")
        }
        let nonce = Array(sealed.prefix(nonceSize))
        var tag = Array(sealed.suffix(tagSize))
        let ciphertext = Array(sealed[nonceSize..<(sealed.count - tagSize)])
        let context = try CipherContext()
        let cipher = context.pointer
        try OpenSSL.check(EVP_DecryptInit_ex(cipher, EVP_aes_256_gcm(), nil, key, nonce), "AES-GCM init")
        _ = try update(cipher, associatedData, encrypt: false, aadOnly: true)
        let plaintext = try update(cipher, ciphertext, encrypt: false)
        try OpenSSL.check(EVP_CIPHER_CTX_ctrl(cipher, EVP_CTRL_GCM_SET_TAG, Int32(tagSize), &tag), "AES-GCM tag")
        var finalLength: Int32 = 0
        var scratch = [UInt8](repeating: 0, count: 16)
        // SP 800-38D §7.2: the tag is checked before any plaintext is released.
        guard EVP_DecryptFinal_ex(cipher, &scratch, &finalLength) == 1 else {
            OpenSSL.clearErrors()
            throw JOSEError(.invalidSignature, "AES-GCM authentication failed: wrong key, associated data or tampered data")
        }
        return plaintext
    }

    private static func checkKey(_ key: [UInt8]) throws(JOSEError) {
        guard key.count == keySize else {
            throw JOSEError(.invalidKey, "AES-256-GCM needs a 32-byte key, got \(key.count) bytes")
        }
    }

    /// With `aadOnly: true` the input is authenticated only (GCM AAD) and nothing is output.
    private static func update(_ cipher: OpaquePointer, _ input: [UInt8], encrypt: Bool,
                               aadOnly: Bool = false) throws(JOSEError) -> [UInt8] {
        guard !input.isEmpty else { return [] }
        var length: Int32 = 0
        var buffer = [UInt8](repeating: 0, count: input.count + 16)
        let rc: Int32 = buffer.withUnsafeMutableBufferPointer { out in
            let destination = aadOnly ? nil : out.baseAddress
            return encrypt
                ? EVP_EncryptUpdate(cipher, destination, &length, input, Int32(input.count))
                : EVP_DecryptUpdate(cipher, destination, &length, input, Int32(input.count))
        }
        try OpenSSL.check(rc, "AES-GCM update")
        return Array(buffer.prefix(Int(length)))
    }
}

/// Owns one `EVP_CIPHER_CTX`.
final class CipherContext {
    let pointer: OpaquePointer

    init() throws(JOSEError) {
        guard let pointer = EVP_CIPHER_CTX_new() else { throw OpenSSL.failure("creating a cipher context") }
        self.pointer = pointer
    }

    deinit { EVP_CIPHER_CTX_free(pointer) }
}
