import Foundation

/// Where a sign-in page may send the browser afterwards (`next`): only paths on this server, never
/// `//host` or an absolute URL (open-redirect guard, RFC 9700 §4.11).
public enum LocalPath {
    /// Browsers parse the way the WHATWG URL Standard says: they drop tab, CR and LF anywhere and read
    /// `\\` as `/`, so `/\t/evil.example` and `/\\evil.example` become `//evil.example`. Any control
    /// character or backslash is refused outright, then a single leading `/` is required.
    /// Where a sign-in sends the browser: the requested `next` when it is local, else `fallback`.
    public static func next(_ requested: String?, otherwise fallback: String = "/account") -> String {
        requested.flatMap { isLocal($0) ? $0 : nil } ?? fallback
    }

    public static func isLocal(_ path: String) -> Bool {
        let bytes = Array(path.utf8)
        guard bytes.first == UInt8(ascii: "/"), bytes.count < 2048,
              !bytes.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\\") })
        else { return false }
        return bytes.count == 1 || bytes[1] != UInt8(ascii: "/")
    }
}
