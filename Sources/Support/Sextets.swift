/// The one decoding loop of RFC 4648's 64-character alphabets (§4 base64, §5 base64url): each character
/// is six bits through a 256-entry table (0xFF for a character outside the alphabet), every eight bits
/// collected make a byte. What counts as an error is the caller's rule (`Base64`, `Base64URL`).
enum Sextets {
    struct Run {
        var bytes: [UInt8]
        /// The first character outside the alphabet; decoding stopped there.
        var invalid: UInt8?
        /// The bits of the last character(s) that made no whole byte, and their count.
        var leftover: UInt32
        var leftoverBits: Int

        /// RFC 4648 §3.5: whether the unused low bits of the last character are zero (canonical form).
        var leftoverIsZero: Bool { leftoverBits == 0 || leftover & ((1 << UInt32(leftoverBits)) - 1) == 0 }
    }

    static func decode(_ input: ArraySlice<UInt8>, table: [UInt8]) -> Run {
        var output = [UInt8]()
        output.reserveCapacity(input.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for char in input {
            let value = table[Int(char)]
            guard value != 0xFF else { return Run(bytes: output, invalid: char, leftover: accumulator, leftoverBits: bits) }
            accumulator = accumulator << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        return Run(bytes: output, invalid: nil, leftover: accumulator, leftoverBits: bits)
    }
}
