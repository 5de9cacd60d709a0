import Foundation
import OAuthCore

/// Just enough email handling for identity matching: we never parse RFC 5322. An address is kept as
/// typed in Unicode NFC and lower case (what mail is sent to); duplicates are found by its folded key
/// (`Account.emailKey`: NFKC and case folding), so that one mailbox in two Unicode spellings, such as a
/// fullwidth letter, is one account. Control and format characters are refused (RFC 5321 §4.1.2 allows none).
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

    /// The address as it is stored and mailed to: trimmed, NFC (UAX #15), lower case.
    public static func normalized(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespaces).precomposedStringWithCanonicalMapping.lowercased()
    }

    /// Apple's private relay addresses never match another account by email (Apple's guidance).
    public static func isPrivateRelay(_ text: String) -> Bool {
        Account.emailKey(text.trimmingCharacters(in: .whitespaces)).hasSuffix("@privaterelay.appleid.com")
    }
}
