import Foundation

extension Account {
    /// The one form under which an email is stored and looked up: Unicode NFC (so a precomposed `é`
    /// and `e` + U+0301 are one address, UAX #15), then lowercased. Stores compare this form by bytes.
    public static func emailKey(_ email: String) -> String {
        email.precomposedStringWithCanonicalMapping.lowercased()
    }
}
