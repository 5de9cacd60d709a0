import Foundation
import OAuthCore

/// The mails the account flows send (docs/accounts-and-email.md). The flows decide when; the Mail module decides the
/// words (catalog, the person's language) through `MailComposer`, so a flow can write the rendered mail
/// into the outbox in the same transaction as the change that caused it.
public enum AccountMail: Sendable, Equatable {
    /// After sign-up: confirm the address (link valid 24 h).
    case verifyEmail(link: String)
    /// After self-service sign-up (and its resend): confirm the address, told when the account was made
    /// and with which sign-in methods; the same link offers "this wasn't me", which deletes the account.
    case verifyNewAccount(link: String, madeAt: Date, methods: [LinkedIdentity.Provider])
    /// Someone tried to sign up with an address that has an account: tell its owner, nobody else.
    case accountExists(signInLink: String, resetLink: String)
    /// The password-reset link (valid 1 h).
    case passwordReset(link: String)
    /// After a reset or change: a notice, so a takeover does not go unnoticed: when, from which device
    /// (the browser's or app's `User-Agent`, when known) and the link to reset the password.
    case passwordChanged(at: Date, device: String?, resetLink: String)
    /// Email change: the link to the new address; the change happens when it is followed.
    case confirmNewEmail(link: String)
    /// Email change: a notice to the old address, with a link that cancels the change and signs out everywhere.
    case emailChangeRequested(newEmail: String, cancelLink: String)
    /// A reset proved the address of an account made by someone who never proved it: the methods it
    /// was made with are gone (Identity's `UnprovenAccountRule`).
    case passwordResetRemovedMethods(methods: [LinkedIdentity.Provider])

    /// A short name for `mail list` and logs.
    public var kind: String {
        switch self {
        case .verifyEmail, .verifyNewAccount: "verify-email"
        case .accountExists: "account-exists"
        case .passwordReset: "password-reset"
        case .passwordChanged: "password-changed"
        case .confirmNewEmail: "confirm-new-email"
        case .emailChangeRequested: "email-change-notice"
        case .passwordResetRemovedMethods: "password-changed"
        }
    }
}

/// A mail's words: subject, plain text and HTML (no remote images).
public struct ComposedMail: Sendable, Equatable {
    public var subject: String
    public var text: String
    public var html: String

    public init(subject: String, text: String, html: String) {
        self.subject = subject
        self.text = text
        self.html = html
    }
}

public protocol MailComposer: Sendable {
    /// `locale`: the person's language (as the pages pick it: RFC 4647 lookup, English fallback).
    func compose(_ mail: AccountMail, locale: String?) -> ComposedMail
}
