import Foundation

/// The one "after sign-in" step of the web pages (docs/architecture.md: the HTTP layer holds no rule):
/// whoever signed in (Sign in with Apple or Google on the web, a new sign-up), a pending authorization
/// continues with that account (consent, or the code, RFC 6749 §4.1.2); without one the browser gets a
/// session of its own.
public struct AfterSignIn: Sendable {
    public enum Next: Sendable {
        /// The pending authorization's next actions (its page or redirect).
        case authorization([InteractionAction])
        /// No authorization pending: a new browser session, whose cookie the page sets.
        case session(SessionCookie)
    }

    let environment: OAuthEnvironment

    public init(environment: OAuthEnvironment) { self.environment = environment }

    /// `interaction`: the pending authorization's id, when the sign-in started inside one.
    public func next(accountID: String, interaction: String?) throws -> Next {
        if let interaction, !interaction.isEmpty {
            return .authorization(AuthorizationFlow(environment: environment)
                .handle(.signedInElsewhere(interactionID: interaction, accountID: accountID)))
        }
        return .session(try WebSessions(environment: environment).startSession(accountID: accountID))
    }
}
