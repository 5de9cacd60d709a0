import Foundation
import OAuthCore

/// Just enough email handling for identity matching: we never parse RFC 5322; we normalise to
/// Unicode NFC and lower case (`Account.emailKey`), so that one address in two Unicode forms is
/// one account, and refuse control and format characters (RFC 5321 §4.1.2 allows none).
public enum EmailAddress {
    public static func isPlausible(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !parts[1].hasPrefix("."),
            !parts[1].hasSuffix("."), text.utf8.count <= 254, !hasControlCharacters(text)
        else { return false }
        return !text.contains(where: { $0.isWhitespace || $0 == "<" || $0 == ">" })
    }

    /// Cc (C0, DEL, C1) and Cf (zero-width and bidirectional marks) anywhere in the text.
    public static func hasControlCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains {
            $0.properties.generalCategory == .control || $0.properties.generalCategory == .format
        }
    }

    public static func normalized(_ text: String) -> String {
        Account.emailKey(text.trimmingCharacters(in: .whitespaces))
    }

    /// Apple's private relay addresses never match another account by email (Apple's guidance).
    public static func isPrivateRelay(_ text: String) -> Bool {
        normalized(text).hasSuffix("@privaterelay.appleid.com")
    }
}
