extension StringProtocol {
    /// Without leading and trailing spaces and tabs (RFC 9110 §5.6.3 OWS), by bytes: the header
    /// values on the token path are trimmed without Foundation's `CharacterSet` (a measured cost,
    /// docs/performance.md).
    public var trimmingOWS: String {
        let text = Substring(self)
        let bytes = text.utf8
        guard let first = bytes.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }),
            let last = bytes.lastIndex(where: { $0 != 0x20 && $0 != 0x09 })
        else { return "" }
        return String(text[first...last])
    }
}
