import Foundation

extension Account {
    /// The one form under which emails are compared for duplicates and lookups (the stores keep it
    /// beside the address and compare it by bytes): Unicode NFKC, so that a fullwidth `ｖ` or a
    /// ligature is the letter a mailbox shows (UAX #15 §1.1), then case folded (Unicode §5.18:
    /// lower case of upper case, which folds `ß` to `ss` and `ς` to `σ`), then NFKC again since case
    /// mapping may leave a string unnormalised. The address as typed (`EmailAddress.normalized`) is
    /// what is stored for sending; this key only compares.
    public static func emailKey(_ email: String) -> String {
        email.precomposedStringWithCompatibilityMapping.uppercased().lowercased()
            .precomposedStringWithCompatibilityMapping
    }
}
