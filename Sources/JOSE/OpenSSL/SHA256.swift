import COpenSSL

/// SHA-256 (FIPS 180-4) through OpenSSL's one-shot digest.
public enum SHA256 {
    public static func hash<Bytes: Collection>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        let input = Array(bytes)
        var out = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        let ok = input.withUnsafeBytes { raw in
            EVP_Digest(raw.baseAddress, raw.count, &out, &length, EVP_sha256(), nil)
        }
        precondition(ok == 1 && length == 32, "EVP_Digest(SHA-256) failed")
        return out
    }

    public static func hash(_ string: String) -> [UInt8] { hash(Array(string.utf8)) }
}
