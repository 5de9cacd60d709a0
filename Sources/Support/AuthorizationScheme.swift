/// The `Authorization` header's scheme and what follows it (RFC 9110 §11.1, §11.4): the scheme is
/// case-insensitive and ends at the first space. On the string's contiguous UTF-8, without splitting or
/// lowercasing copies: every token, introspection and UserInfo request asks (docs/performance.md).
public enum AuthorizationScheme {
    /// What follows `scheme` (lowercase ASCII) and its spaces in `header`; nil for another scheme or
    /// nothing after it.
    public static func parameter(of header: String, scheme: StaticString) -> Substring? {
        var text = header
        let start: Int? = text.withUTF8 { bytes in
            guard let space = bytes.firstIndex(of: UInt8(ascii: " ")),
                ASCIICase.equal(UnsafeBufferPointer(rebasing: bytes[..<space]), lowercased: scheme)
            else { return nil }
            return bytes[space...].firstIndex { $0 != UInt8(ascii: " ") }
        }
        guard let start else { return nil }
        return text[text.utf8.index(text.utf8.startIndex, offsetBy: start)...]
    }
}

/// ASCII case-insensitive comparison on bytes (header names, schemes and media types are ASCII tokens).
public enum ASCIICase {
    /// `bytes` equals `lowercased` (lowercase ASCII) ignoring ASCII case.
    public static func equal(_ bytes: UnsafeBufferPointer<UInt8>, lowercased: StaticString) -> Bool {
        guard bytes.count == lowercased.utf8CodeUnitCount else { return false }
        let wanted = lowercased.utf8Start
        for index in 0..<bytes.count where lower(bytes[index]) != wanted[index] { return false }
        return true
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }
}
