/// The `Authorization` header's scheme and what follows it (RFC 9110 §11.1, §11.4): the scheme is
/// case-insensitive and ends at the first space. On bytes, without splitting or lowercasing copies:
/// every token, introspection and UserInfo request asks (docs/performance.md).
public enum AuthorizationScheme {
    /// What follows `scheme` (lowercase ASCII) and its spaces in `header`; nil for another scheme or
    /// nothing after it.
    public static func parameter(of header: String, scheme: StaticString) -> Substring? {
        let utf8 = header.utf8
        guard let space = utf8.firstIndex(of: UInt8(ascii: " ")) else { return nil }
        guard ASCIICase.equal(utf8[..<space], lowercased: scheme) else { return nil }
        guard let start = utf8[space...].firstIndex(where: { $0 != UInt8(ascii: " ") }) else { return nil }
        return header[start...]
    }
}

/// ASCII case-insensitive comparison on bytes (header names, schemes and media types are ASCII tokens).
public enum ASCIICase {
    /// `bytes` equals `lowercased` (lowercase ASCII) ignoring ASCII case.
    public static func equal<Bytes: Collection<UInt8>>(_ bytes: Bytes, lowercased: StaticString) -> Bool {
        let wanted = UnsafeBufferPointer(start: lowercased.utf8Start, count: lowercased.utf8CodeUnitCount)
        return bytes.count == wanted.count && zip(bytes, wanted).allSatisfy { lower($0.0) == $0.1 }
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}
