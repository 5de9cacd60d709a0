import JOSE

/// HMAC-SHA256 (RFC 2104, RFC 4231) over the JOSE module's SHA-256. Kept in this one file so it can
/// be swapped for JOSE's own HMAC when that exists.
public enum HMACSHA256 {
    private static let blockSize = 64

    public static func authenticate<K: Collection, M: Collection>(_ message: M, key: K) -> [UInt8]
    where K.Element == UInt8, M.Element == UInt8 {
        // RFC 2104 §2: keys longer than the block are hashed first, then zero-padded.
        var block = key.count > blockSize ? SHA256.hash(key) : Array(key)
        block += [UInt8](repeating: 0, count: blockSize - block.count)
        let inner = SHA256.hash(block.map { $0 ^ 0x36 } + Array(message))
        return SHA256.hash(block.map { $0 ^ 0x5C } + inner)
    }
}
