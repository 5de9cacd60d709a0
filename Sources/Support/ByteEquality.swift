/// Protocol values (redirect URIs, client ids, state, tokens, stored email forms) are compared as
/// UTF-8 bytes. Swift's `String ==` compares canonical equivalence, so a Kelvin sign (U+212A)
/// equals `K` and a decomposed `é` equals the precomposed one: a URI that was never registered
/// would match (RFC 6749 §3.1.2.3 and RFC 3986 §6.2.1 ask for simple string comparison).
extension String {
    /// True when both strings have exactly the same UTF-8 bytes. Not constant time: for secrets
    /// use `ConstantTime.equals`.
    public func sameBytes(_ other: String) -> Bool {
        utf8.count == other.utf8.count && utf8.elementsEqual(other.utf8)
    }
}

extension Optional where Wrapped == String {
    /// Byte equality where a missing value equals only a missing value.
    public func sameBytes(_ other: String?) -> Bool {
        switch (self, other) {
        case (nil, nil): return true
        case let (a?, b?): return a.sameBytes(b)
        default: return false
        }
    }
}

extension Sequence where Element == String {
    /// Membership by bytes (see `String.sameBytes`).
    public func containsBytes(_ value: String) -> Bool { contains { $0.sameBytes(value) } }
}
