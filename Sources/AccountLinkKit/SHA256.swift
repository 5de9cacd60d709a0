/// SHA-256 (FIPS 180-4) in plain Swift.
///
/// Why by hand: Apple wants the SHA-256 of the raw nonce in the request
/// (https://developer.apple.com/documentation/authenticationservices/asauthorizationopenidrequest/nonce),
/// and AccountLinkKit's core must build with Foundation alone on Linux too, where Foundation has no
/// SHA-256 (CryptoKit is Apple-only; swift-crypto cannot be fetched here). It hashes a few dozen
/// bytes per sign-in, so clarity beats speed. Checked against the FIPS 180-4 / NIST CAVP vectors
/// in Tests/AccountLinkKitTests/SHA256Tests.swift.
enum SHA256 {
    /// The 32-byte digest of `message`.
    static func hash<Bytes: Collection<UInt8>>(_ message: Bytes) -> [UInt8] {
        var state = initial
        for block in padded(Array(message)).chunked(by: 64) { compress(&state, block) }
        return state.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * $0)) } }
    }

    /// The digest as lowercase hex, the form Apple's nonce and the server compare.
    static func hexDigest(_ text: String) -> String {
        lowercaseHex(hash(Array(text.utf8)))
    }

    static func lowercaseHex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] }, as: UTF8.self)
    }

    /// FIPS 180-4 §5.1.1: append 1, zeros, and the bit length as a 64-bit big-endian integer.
    static func padded(_ message: [UInt8]) -> [UInt8] {
        var bytes = message
        bytes.append(0x80)
        while bytes.count % 64 != 56 { bytes.append(0) }
        let bits = UInt64(message.count) &* 8
        bytes += (0..<8).map { UInt8(truncatingIfNeeded: bits >> (56 - 8 * UInt64($0))) }
        return bytes
    }

    /// FIPS 180-4 §6.2.2: the message schedule and the 64 rounds over one 512-bit block.
    static func compress(_ state: inout [UInt32], _ block: ArraySlice<UInt8>) {
        var w = [UInt32](repeating: 0, count: 64)
        let start = block.startIndex
        for t in 0..<16 {
            w[t] = (0..<4).reduce(0) { $0 << 8 | UInt32(block[start + 4 * t + $1]) }
        }
        for t in 16..<64 {
            let s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3)
            let s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10)
            w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
        }
        var v = state
        for t in 0..<64 {
            let s1 = rotr(v[4], 6) ^ rotr(v[4], 11) ^ rotr(v[4], 25)
            let choice = (v[4] & v[5]) ^ (~v[4] & v[6])
            let t1 = v[7] &+ s1 &+ choice &+ k[t] &+ w[t]
            let s0 = rotr(v[0], 2) ^ rotr(v[0], 13) ^ rotr(v[0], 22)
            let majority = (v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2])
            v = [t1 &+ s0 &+ majority, v[0], v[1], v[2], v[3] &+ t1, v[4], v[5], v[6]]
        }
        for i in 0..<8 { state[i] = state[i] &+ v[i] }
    }

    static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { x >> n | x << (32 - n) }

    /// FIPS 180-4 §5.3.3.
    static let initial: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]

    /// FIPS 180-4 §4.2.2.
    static let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]
}

extension Array {
    fileprivate func chunked(by size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
