import Foundation
import Support

/// Memorized-secret rules of NIST SP 800-63B §5.1.1.2: at least 8 characters, at least 64 allowed,
/// every Unicode character allowed and normalised to NFC before hashing, no composition rules, and a
/// refusal when the password is a commonly used one or the account's own email.
public struct PasswordPolicy: Sendable {
    public enum Violation: Error, Equatable, Sendable {
        case tooShort
        case tooLong(maximum: Int)
        case common
        case equalsEmail
    }

    public static let minimumLength = 8
    /// Well above the 64 the guideline asks for; bounds the work a huge input can cause.
    public static let maximumLength = 256

    let common: Set<String>

    public init(common: Set<String>) { self.common = common }

    /// The rules with the list shipped in Resources/common-passwords.txt (its header names the source).
    public static let standard = PasswordPolicy(common: CommonPasswords.shipped)

    /// The NFC form to hash when the password passes; throws the first rule it breaks.
    public func check(_ password: String, email: String?) throws(Violation) -> String {
        let normalized = Self.normalize(password)
        // §5.1.1.2: "each Unicode code point SHALL be counted as a single character".
        let length = normalized.unicodeScalars.count
        if length < Self.minimumLength { throw .tooShort }
        if length > Self.maximumLength { throw .tooLong(maximum: Self.maximumLength) }
        let lowered = normalized.lowercased()
        if common.contains(lowered) { throw .common }
        if let email, lowered.sameBytes(email.lowercased()) { throw .equalsEmail }
        return normalized
    }

    /// NFC (Unicode normalization form C), as §5.1.1.2 recommends before hashing.
    public static func normalize(_ password: String) -> String { password.precomposedStringWithCanonicalMapping }
}

enum CommonPasswords {
    static let shipped: Set<String> = {
        guard let url = Bundle.module.url(forResource: "common-passwords", withExtension: "txt"),
              let text = try? String(contentsOf: url, encoding: .utf8)
        else { preconditionFailure("Identity's resource common-passwords.txt is missing from the build") }
        return Set(text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.lowercased() })
    }()
}

extension PasswordPolicy.Violation {
    /// The operator-facing sentence (CLI, admin API); pages take their words from the catalog.
    public var sentence: String {
        switch self {
        case .tooShort: "the password must have at least \(PasswordPolicy.minimumLength) characters"
        case .tooLong(let maximum): "the password may have at most \(maximum) characters"
        case .common: "the password is one of the most common passwords; choose another"
        case .equalsEmail: "the password must not be the account's email"
        }
    }
}
