/// Base64url without padding (RFC 4648 §5, as JOSE uses it: RFC 7515 §2), table-driven because
/// Foundation's base64 plus character replacement is as slow as a signature
/// (docs/architecture.md platform note 9).
/// Decoding is strict: padding, characters outside the alphabet and non-zero trailing bits are errors.
public enum Base64URL {
    public struct DecodingError: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    private static let reverse: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, char) in alphabet.enumerated() { table[Int(char)] = UInt8(index) }
        return table
    }()

    public static func encode<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let input = Array(bytes)
        let outputCount = (input.count * 4 + 2) / 3
        return String(unsafeUninitializedCapacity: outputCount) { buffer in
            var out = 0
            var i = 0
            while i + 3 <= input.count {
                let n = UInt32(input[i]) << 16 | UInt32(input[i + 1]) << 8 | UInt32(input[i + 2])
                buffer[out] = alphabet[Int(n >> 18 & 63)]
                buffer[out + 1] = alphabet[Int(n >> 12 & 63)]
                buffer[out + 2] = alphabet[Int(n >> 6 & 63)]
                buffer[out + 3] = alphabet[Int(n & 63)]
                out += 4
                i += 3
            }
            let rest = input.count - i
            if rest == 1 {
                let n = UInt32(input[i]) << 16
                buffer[out] = alphabet[Int(n >> 18 & 63)]
                buffer[out + 1] = alphabet[Int(n >> 12 & 63)]
                out += 2
            } else if rest == 2 {
                let n = UInt32(input[i]) << 16 | UInt32(input[i + 1]) << 8
                buffer[out] = alphabet[Int(n >> 18 & 63)]
                buffer[out + 1] = alphabet[Int(n >> 12 & 63)]
                buffer[out + 2] = alphabet[Int(n >> 6 & 63)]
                out += 3
            }
            return out
        }
    }

    public static func encode(_ string: String) -> String { encode(Array(string.utf8)) }

    public static func decode<S: StringProtocol>(_ text: S) throws(DecodingError) -> [UInt8] {
        let input = Array(text.utf8)
        if input.count % 4 == 1 { throw DecodingError(description: "base64url has an impossible length") }
        let run = Sextets.decode(input[...], table: reverse)
        if let char = run.invalid {
            let what = char == UInt8(ascii: "=") ? "padding" : "a character outside the alphabet"
            throw DecodingError(description: "base64url contains \(what)")
        }
        // RFC 4648 §3.5: the unused low bits of the last character must be zero (canonical form).
        guard run.leftoverIsZero else { throw DecodingError(description: "base64url has non-zero trailing bits") }
        return run.bytes
    }
}
