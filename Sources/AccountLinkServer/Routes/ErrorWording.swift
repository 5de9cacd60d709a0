import OAuthCore
import Pages

/// Error pages speak to a person (docs/pages.md): a title and a message from the catalog, in the
/// page's language, saying what happened and what to do; the wire code is shown small underneath.
/// The protocol core's English `error_description` stays in the logs and on the wire.
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

    /// The message for an OAuthCore error, by its code and public description.
    static func message(code: String, description: String) -> Messages.Key {
        if ["server_error", "temporarily_unavailable"].contains(code) { return .msgTryAgain }
        let known: [(String, Messages.Key)] = [
            ("more than once", .msgBadRequest), ("client_id", .msgUnknownClient), ("client is no longer registered", .msgUnknownClient),
            ("unknown client", .msgUnknownClient),
            ("redirect_uri", .msgUnknownRedirect), ("request has expired", .msgSignInExpired),
            ("form has expired", .msgFormExpired), ("account cannot", .msgAccountUnavailable),
            ("linking is not enabled", .msgAccountUnavailable),
        ]
        return known.first { description.contains($0.0) }?.1 ?? .msgBadRequest
    }
}
