import COpenSSL

/// SHA-256 (FIPS 180-4), one-shot. Also used by other modules (token hashes, Apple's nonce).
public enum SHA256 {
    public static func hash<Bytes: Collection>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        var out = [UInt8](repeating: 0, count: 32)
        let input = Array(bytes)
        _ = input.withUnsafeBufferPointer { COpenSSL.SHA256($0.baseAddress, $0.count, &out) }
        return out
    }

    public static func hash(_ text: String) -> [UInt8] { hash(Array(text.utf8)) }
}

/// HMAC-SHA-256 (RFC 2104); compare MACs only with `ConstantTime.equals`.
public enum HMACSHA256 {
    public static func authenticate<K: Collection, D: Collection>(key: K, data: D) -> [UInt8]
    where K.Element == UInt8, D.Element == UInt8 {
        let keyBytes = Array(key)
        let dataBytes = Array(data)
        var out = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 32
        // Non-empty buffers: an empty Swift array may have no base address, and HMAC() wants pointers.
        let keyBuffer = keyBytes.isEmpty ? [0] : keyBytes
        let dataBuffer = dataBytes.isEmpty ? [0] : dataBytes
        let result = HMAC(EVP_sha256(), keyBuffer, Int32(keyBytes.count), dataBuffer, dataBytes.count, &out, &length)
        precondition(result != nil && length == 32, "HMAC-SHA-256 failed")
        return out
    }
}

/// SHA-512 (FIPS 180-4), one-shot: Google's RISC token identifier `hash_base64_sha512_sha512`.
public enum SHA512 {
    public static func hash<Bytes: Collection>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        EVPDigest.oneShot(Array(bytes), EVP_sha512())
    }
}

enum EVPDigest {
    /// One-shot EVP digest (OpenSSL `EVP_Digest`).
    static func oneShot(_ input: [UInt8], _ type: OpaquePointer?) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let ok = input.withUnsafeBufferPointer { EVP_Digest($0.baseAddress, $0.count, &out, &length, type, nil) }
        precondition(ok == 1, "EVP_Digest failed")
        return Array(out.prefix(Int(length)))
    }
}
