/// Just enough email handling for identity matching: we never parse RFC 5322, we normalise case.
public enum EmailAddress {
    public static func isPlausible(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !parts[1].hasPrefix("."),
            !parts[1].hasSuffix("."), text.count <= 254
        else { return false }
        return !text.contains(where: { $0.isWhitespace || $0 == "<" || $0 == ">" })
    }

    public static func normalized(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// Apple's private relay addresses never match another account by email (Apple's guidance).
    public static func isPrivateRelay(_ text: String) -> Bool {
        normalized(text).hasSuffix("@privaterelay.appleid.com")
    }
}
