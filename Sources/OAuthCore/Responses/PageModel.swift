import Foundation

/// The pages the authorization interaction shows; the Pages module renders them (escaped by default).
public enum PageModel: Sendable, Equatable {
    case login(LoginPage)
    case consent(ConsentPage)
    case error(ErrorPage)

    public var status: Int {
        switch self {
        case .login, .consent: 200
        case .error(let page): page.status
        }
    }
}

public struct LoginPage: Sendable, Equatable {
    public var interactionID: String
    /// The hidden CSRF form field's value.
    public var csrfToken: String
    public var clientName: String
    /// BCP 47 tag from `user_locale` (Google sends it), for the catalog.
    public var locale: String?
    /// Pre-filled email after a failed attempt.
    public var email: String?
    /// Generic, never says whether the email exists.
    public var errorMessage: String?
    /// Seconds until sign-in is allowed again, when it is throttled (the page says to wait).
    public var retryAfter: TimeInterval?

    public init(
        interactionID: String, csrfToken: String, clientName: String, locale: String? = nil,
        email: String? = nil, errorMessage: String? = nil
    ) {
        self.interactionID = interactionID
        self.csrfToken = csrfToken
        self.clientName = clientName
        self.locale = locale
        self.email = email
        self.errorMessage = errorMessage
    }
}

public struct ConsentPage: Sendable, Equatable {
    public struct ScopeItem: Sendable, Equatable {
        public var name: String
        public var description: String
        /// A custom scope's texts by language tag (CustomScope); empty for the configured scopes.
        public var translations: [String: String]

        public init(name: String, description: String, translations: [String: String] = [:]) {
            self.name = name
            self.description = description
            self.translations = translations
        }

        /// The text for the page's language: a custom scope's own (CustomScope.description), else `description`.
        public func description(locale: String?) -> String {
            guard !translations.isEmpty else { return description }
            return CustomScope(name: name, descriptions: translations, createdAt: .distantPast).description(locale: locale)
        }
    }

    public var interactionID: String
    public var csrfToken: String
    public var clientName: String
    public var locale: String?
    /// Who is signed in, for "not you? switch account"
    /// (https://developers.home.google.com/cloud-to-cloud/enhancements/app-flip-ios).
    public var accountEmail: String?
    public var accountName: String?
    public var scopes: [ScopeItem]
    /// The operator's own authorization statement
    /// (https://developers.home.google.com/cloud-to-cloud/project/authorization); nil: the catalog's, in the
    /// page's language.
    public var consentStatement: String?
    /// Registered for Google (Google's redirect URIs or App Flip): the page follows Google's rules.
    public var clientIsGoogle: Bool

    public init(
        interactionID: String, csrfToken: String, clientName: String, locale: String? = nil,
        accountEmail: String? = nil, accountName: String? = nil, scopes: [ScopeItem], consentStatement: String?,
        clientIsGoogle: Bool = false
    ) {
        self.clientIsGoogle = clientIsGoogle
        self.interactionID = interactionID
        self.csrfToken = csrfToken
        self.clientName = clientName
        self.locale = locale
        self.accountEmail = accountEmail
        self.accountName = accountName
        self.scopes = scopes
        self.consentStatement = consentStatement
    }
}

public struct ErrorPage: Sendable, Equatable {
    public var status: Int
    public var error: String
    public var description: String
    public var locale: String?
    public var reason: OAuthError.PageReason?

    public init(status: Int, error: String, description: String, locale: String? = nil,
                reason: OAuthError.PageReason? = nil) {
        self.status = status
        self.error = error
        self.description = description
        self.locale = locale
        self.reason = reason
    }
}
