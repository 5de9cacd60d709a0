/// RFC 4648 §4 base64 (the standard alphabet, padded), decoded without Foundation: HTTP Basic client
/// credentials (RFC 7617 §2) arrive with every token and introspection request, and Foundation's
/// `Data(base64Encoded:)` then `String(data:encoding:)` cost a few allocations each time. Stricter than
/// Foundation in one way: `=` only at the end (Foundation decodes "QU=D").
public enum Base64 {
    private static let reverse: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, char) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            table[Int(char)] = UInt8(index)
        }
        return table
    }()

    /// The bytes, or nil: a length that is not a multiple of 4, a byte outside the alphabet, or `=`
    /// anywhere but in the last one or two places. Unused low bits of the last character are ignored.
    public static func decode<S: StringProtocol>(_ text: S) -> [UInt8]? {
        let input = Array(text.utf8)
        guard input.count % 4 == 0 else { return nil }
        let padding = input.reversed().prefix(2).prefix { $0 == UInt8(ascii: "=") }.count
        let run = Sextets.decode(input.dropLast(padding), table: reverse)
        return run.invalid == nil ? run.bytes : nil
    }
}
