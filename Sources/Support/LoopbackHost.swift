/// Loopback hosts, the one place that says which host names stay on this machine (redirect URIs,
/// web origins, the issuer, SMTP).
public enum LoopbackHost {
    /// `localhost`, `::1` (bracketed or not) or an IPv4 literal in 127.0.0.0/8 (RFC 1122 §3.2.1.3); a name
    /// that only starts with "127." (`127.evil.example`) is not loopback. Compared as bytes.
    public static func contains(_ host: String) -> Bool {
        var bare = Substring(host)
        if bare.utf8.first == UInt8(ascii: "["), bare.utf8.last == UInt8(ascii: "]") { bare = bare.dropFirst().dropLast() }
        if bare.utf8.elementsEqual("localhost".utf8) || bare.utf8.elementsEqual("::1".utf8) { return true }
        let parts = bare.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0].utf8.elementsEqual("127".utf8) else { return false }
        return parts.allSatisfy { part in
            (1...3).contains(part.utf8.count) && part.utf8.allSatisfy { (0x30...0x39).contains($0) }
                && Int(part)! <= 255
        }
    }
}
