import Identity
import OAuthCore
import Pages

/// Error pages speak to a person (docs/pages.md): a title and a message from the catalog, in the
/// page's language, saying what happened and what to do; the wire code is shown small underneath.
/// The protocol core's English `error_description` stays in the logs and on the wire; the page's
/// words follow the error's typed `pageReason`, never its English text.
enum ErrorWording {
    static func title(for code: String) -> Messages.Key {
        switch code {
        case "invalid_request", "invalid_client", "unauthorized_client", "invalid_scope",
            "unsupported_response_type":
            .problemRequest
        case "access_denied": .problemDenied
        case "temporarily_unavailable", "server_error": .problemServer
        default: .problemSignIn
        }
    }

    /// The message for an OAuthCore error, by its reason, else its code.
    static func message(code: String, reason: OAuthError.PageReason?) -> Messages.Key {
        switch reason {
        case .unknownClient: .msgUnknownClient
        case .unknownRedirectURI: .msgUnknownRedirect
        case .requestExpired: .msgSignInExpired
        case .formExpired: .msgFormExpired
        case .accountUnavailable: .msgAccountUnavailable
        case nil: ["server_error", "temporarily_unavailable"].contains(code) ? .msgTryAgain : .msgBadRequest
        }
    }

    /// The status, catalog key and values for a refused sign-up or password.
    static func describe(_ failure: SignUpFlow.Failure) -> (Int, Messages.Key, [String: String]) {
        switch failure {
        case .invalidEmail: (400, .invalidEmail, [:])
        case .throttled: (429, .tooManyRequests, [:])
        case .password(let violation): describe(violation)
        }
    }

    static func describe(_ violation: PasswordPolicy.Violation) -> (Int, Messages.Key, [String: String]) {
        switch violation {
        case .tooShort: (400, .pwTooShort, [:])
        case .tooLong(let maximum): (400, .pwTooLong, ["max": String(maximum)])
        case .common: (400, .pwCommon, [:])
        case .equalsEmail: (400, .pwEqualsEmail, [:])
        }
    }
}
