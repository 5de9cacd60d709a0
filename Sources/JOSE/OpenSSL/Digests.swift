import COpenSSL

/// SHA-256 (FIPS 180-4), one-shot. Also used by other modules (token hashes, Apple's nonce): every
/// token lookup hashes the presented token, so this is on the hot path (docs/performance.md).
public enum SHA256 {
    public static func hash<Bytes: Collection>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        if let digest = bytes.withContiguousStorageIfAvailable({ EVPDigest.oneShot($0, FetchedDigest.sha256) }) {
            return digest
        }
        return Array(bytes).withUnsafeBufferPointer { EVPDigest.oneShot($0, FetchedDigest.sha256) }
    }

    /// Through `withUTF8`, which always has contiguous bytes: the profile showed `utf8`'s contiguous
    /// storage missing for request parameters, and the byte-by-byte copy costing a microsecond a token.
    public static func hash(_ text: String) -> [UInt8] {
        var text = text
        return text.withUTF8 { EVPDigest.oneShot($0, FetchedDigest.sha256) }
    }
}

/// Digests fetched once. OpenSSL 3 looks an algorithm up by name on every call that names it
/// implicitly (`SHA256()` is `EVP_Q_digest`, which fetches under the provider store's lock, and so
/// does `EVP_sha256()` passed to a one-shot); a fetched `EVP_MD` is immutable and may be shared by all
/// threads. Measured in docs/performance-history.md, Second round).
enum FetchedDigest {
    nonisolated(unsafe) static let sha256: OpaquePointer? = EVP_MD_fetch(nil, "SHA256", nil)
    nonisolated(unsafe) static let sha512: OpaquePointer? = EVP_MD_fetch(nil, "SHA512", nil)
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
        let result = HMAC(FetchedDigest.sha256, keyBuffer, Int32(keyBytes.count), dataBuffer, dataBytes.count, &out, &length)
        precondition(result != nil && length == 32, "HMAC-SHA-256 failed")
        return out
    }
}

/// SHA-512 (FIPS 180-4), one-shot: Google's RISC token identifier `hash_base64_sha512_sha512`.
public enum SHA512 {
    public static func hash<Bytes: Collection>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        Array(bytes).withUnsafeBufferPointer { EVPDigest.oneShot($0, FetchedDigest.sha512) }
    }
}

enum EVPDigest {
    /// One-shot EVP digest (OpenSSL `EVP_Digest`).
    static func oneShot(_ input: UnsafeBufferPointer<UInt8>, _ type: OpaquePointer?) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: Int(EVP_MAX_MD_SIZE)) { out, count in
            var length: UInt32 = 0
            let ok = EVP_Digest(input.baseAddress, input.count, out.baseAddress, &length, type, nil)
            precondition(ok == 1, "EVP_Digest failed")
            count = Int(length)
        }
    }
}
