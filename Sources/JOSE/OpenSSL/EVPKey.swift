import COpenSSL

/// Owns one `EVP_PKEY` (docs/architecture.md rule 11) parsed once and reused for every signature
/// (platform note 10).
/// OpenSSL 3 allows concurrent signing and verification with one key that is no longer modified.
final class EVPKey: @unchecked Sendable {
    let pointer: OpaquePointer

    init(taking pointer: OpaquePointer) { self.pointer = pointer }

    deinit { EVP_PKEY_free(pointer) }

    var bits: Int { Int(EVP_PKEY_get_bits(pointer)) }
    var maximumSignatureSize: Int { Int(EVP_PKEY_get_size(pointer)) }
    func isA(_ name: String) -> Bool { EVP_PKEY_is_a(pointer, name) == 1 }

    /// A UTF-8 parameter such as the EC `group` name ("prime256v1" for P-256).
    func utf8(_ name: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 64)
        var length = 0
        guard EVP_PKEY_get_utf8_string_param(pointer, name, &buffer, buffer.count, &length) == 1 else {
            OpenSSL.clearErrors()
            return nil
        }
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A SubjectPublicKeyInfo (RFC 5280 §4.1.2.7) in DER.
    static func fromSPKI(_ der: [UInt8]) throws(JOSEError) -> EVPKey {
        let key: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            return d2i_PUBKEY(nil, &cursor, buffer.count)
        }
        guard let key else { throw OpenSSL.failure("reading a public key (SPKI DER)", code: .invalidKey) }
        return EVPKey(taking: key)
    }

    /// A PKCS#8 PrivateKeyInfo (RFC 5208) or a traditional PKCS#1 / SEC1 private key in DER.
    static func fromPrivateDER(_ der: [UInt8]) throws(JOSEError) -> EVPKey {
        let key: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            return d2i_AutoPrivateKey(nil, &cursor, buffer.count)
        }
        guard let key else { throw OpenSSL.failure("reading a private key (DER)", code: .invalidKey) }
        return EVPKey(taking: key)
    }

    /// `fromPrivateDER`, refused unless the key is of `type` ("EC", "RSA").
    static func fromPrivateDER(_ der: [UInt8], ofType type: String) throws(JOSEError) -> EVPKey {
        let key = try fromPrivateDER(der)
        guard key.isA(type) else { throw JOSEError(.invalidKey, "the private key is not an \(type) key") }
        return key
    }

    var spkiDER: [UInt8] {
        get throws(JOSEError) { try Self.encoded("encoding a public key") { i2d_PUBKEY(pointer, $0) } }
    }

    var pkcs8DER: [UInt8] {
        get throws(JOSEError) {
            guard let info = EVP_PKEY2PKCS8(pointer) else { throw OpenSSL.failure("building PKCS#8") }
            defer { PKCS8_PRIV_KEY_INFO_free(info) }
            return try Self.encoded("encoding PKCS#8") { i2d_PKCS8_PRIV_KEY_INFO(info, $0) }
        }
    }

    /// OpenSSL's two-call `i2d_*` pattern (i2d_X509(3)): asked with no buffer it answers the length; then it
    /// writes that many bytes at the cursor.
    private static func encoded(_ what: String,
                                _ encode: (UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?) -> Int32)
        throws(JOSEError) -> [UInt8]
    {
        let length = encode(nil)
        guard length > 0 else { throw OpenSSL.failure(what) }
        var out = [UInt8](repeating: 0, count: Int(length))
        let written = out.withUnsafeMutableBufferPointer { buffer in
            var cursor: UnsafeMutablePointer<UInt8>? = buffer.baseAddress
            return encode(&cursor)
        }
        guard written == length else { throw OpenSSL.failure(what) }
        return out
    }

    /// A big-number parameter (`n`, `e`, `d`, `qx`, `priv`, …) as unsigned big-endian bytes,
    /// left-padded to `width` when given (RFC 7518 §6.2.1.2 fixes EC coordinates at the field size).
    func bigEndian(_ name: String, width: Int? = nil) throws(JOSEError) -> [UInt8] {
        var number: OpaquePointer? = nil
        guard EVP_PKEY_get_bn_param(pointer, name, &number) == 1, let number else {
            throw OpenSSL.failure("reading key parameter \(name)")
        }
        defer { BN_clear_free(number) }
        let size = width ?? Int((BN_num_bits(number) + 7) / 8)
        var out = [UInt8](repeating: 0, count: max(size, 1))
        guard BN_bn2binpad(number, &out, Int32(out.count)) == Int32(out.count) else {
            throw OpenSSL.failure("encoding key parameter \(name)")
        }
        return out
    }

    /// Key generation without the variadic `EVP_RSA_gen`/`EVP_EC_gen` macros
    /// (docs/architecture.md platform note 1).
    static func generate(_ type: String, configure: (OpaquePointer) -> Int32) throws(JOSEError) -> EVPKey {
        guard let context = EVP_PKEY_CTX_new_from_name(nil, type, nil) else {
            throw OpenSSL.failure("creating a \(type) key-generation context")
        }
        defer { EVP_PKEY_CTX_free(context) }
        try OpenSSL.check(EVP_PKEY_keygen_init(context), "initialising \(type) key generation")
        try OpenSSL.check(configure(context), "configuring \(type) key generation")
        var key: OpaquePointer? = nil
        try OpenSSL.check(EVP_PKEY_generate(context, &key), "generating a \(type) key")
        guard let key else { throw OpenSSL.failure("generating a \(type) key") }
        return EVPKey(taking: key)
    }

    /// Checks that a private key's public half matches it (used for imported EC keys).
    func pairwiseCheck() throws(JOSEError) {
        guard let context = EVP_PKEY_CTX_new_from_pkey(nil, pointer, nil) else {
            throw OpenSSL.failure("creating a key-check context")
        }
        defer { EVP_PKEY_CTX_free(context) }
        try OpenSSL.check(EVP_PKEY_pairwise_check(context), "checking the key pair", code: .invalidKey)
    }
}
