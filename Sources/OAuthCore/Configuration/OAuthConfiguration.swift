import Foundation

/// The protocol core's slice of the configuration (docs/architecture.md rule 8): validated once, immutable.
public struct OAuthConfiguration: Sendable, Equatable {
    public struct ScopeDefinition: Sendable, Equatable {
        public var name: String
        /// Shown on the consent page, e.g. "control your devices".
        public var description: String

        public init(_ name: String, _ description: String) {
            self.name = name
            self.description = description
        }
    }

    public struct Invalid: Error, Equatable, CustomStringConvertible {
        /// The exact configuration key at fault.
        public var key: String
        public var reason: String
        public var description: String { "\(key): \(reason)" }
    }

    public static let defaultScopes = [
        ScopeDefinition("openid", "confirm who you are"),
        ScopeDefinition("email", "see your email address"),
        ScopeDefinition("profile", "see your name"),
        ScopeDefinition("devices", "control your devices"),
    ]

    public let issuer: String
    public let accessTokenLifetime: TimeInterval
    /// RFC 6749 §4.1.2: at most 10 minutes.
    public let codeLifetime: TimeInterval
    /// nil: refresh tokens never expire (Google's unlinking guidance,
    /// https://developers.google.com/identity/account-linking/unlinking).
    public let refreshTokenLifetime: TimeInterval?
    /// How long a rotated refresh token may still be presented again (RefreshRotation): a retry after
    /// a lost answer within it gets a fresh pair; after it the token is unknown (and purged).
    public let refreshReuseWindow: TimeInterval
    public let idTokenLifetime: TimeInterval
    public let interactionLifetime: TimeInterval
    public let sessionLifetime: TimeInterval
    public let scopes: [ScopeDefinition]
    /// The operator's authorization statement for Google's consent page
    /// (https://developers.home.google.com/cloud-to-cloud/project/authorization); nil: each page language's
    /// own default statement.
    public let consentStatement: String?
    public let uiLocales: [String]

    public init(
        issuer: String, accessTokenLifetime: TimeInterval = 3600, codeLifetime: TimeInterval = 600,
        refreshTokenLifetime: TimeInterval? = nil, refreshReuseWindow: TimeInterval = 7 * 86_400,
        idTokenLifetime: TimeInterval = 3600, interactionLifetime: TimeInterval = 1800,
        sessionLifetime: TimeInterval = 86_400 * 14, scopes: [ScopeDefinition] = defaultScopes,
        consentStatement: String? = nil,
        uiLocales: [String] = ["en"]
    ) throws(Invalid) {
        self.issuer = issuer.hasSuffix("/") ? String(issuer.dropLast()) : issuer
        self.accessTokenLifetime = accessTokenLifetime
        self.codeLifetime = codeLifetime
        self.refreshTokenLifetime = refreshTokenLifetime
        self.refreshReuseWindow = refreshReuseWindow
        self.idTokenLifetime = idTokenLifetime
        self.interactionLifetime = interactionLifetime
        self.sessionLifetime = sessionLifetime
        self.scopes = scopes
        self.consentStatement = consentStatement
        self.uiLocales = uiLocales
        try validate()
    }

    private func validate() throws(Invalid) {
        try Self.checkIssuer(issuer)
        try Self.positive(accessTokenLifetime, "access_token_lifetime")
        try Self.positive(codeLifetime, "code_lifetime")
        guard codeLifetime <= 600 else {
            throw Invalid(key: "code_lifetime", reason: "RFC 6749 §4.1.2: at most 600 s")
        }
        if let refreshTokenLifetime { try Self.positive(refreshTokenLifetime, "refresh_token_lifetime") }
        try Self.positive(refreshReuseWindow, "refresh_reuse_window")
        try Self.positive(idTokenLifetime, "id_token_lifetime")
        try Self.positive(interactionLifetime, "interaction_lifetime")
        try Self.positive(sessionLifetime, "session_lifetime")
        let names = scopes.map(\.name)
        guard Set(names).count == names.count, names.allSatisfy(Self.isScopeToken) else {
            throw Invalid(key: "scopes", reason: "scope names must be unique RFC 6749 §3.3 scope-tokens")
        }
    }

    private static func positive(_ value: TimeInterval, _ key: String) throws(Invalid) {
        guard value > 0 else { throw Invalid(key: key, reason: "must be positive") }
    }

    /// An `http://` issuer is allowed only for a loopback host (README.md, Configuration).
    private static func checkIssuer(_ issuer: String) throws(Invalid) {
        guard let url = URLComponents(string: issuer), let host = url.host, !host.isEmpty,
            url.query == nil, url.fragment == nil
        else { throw Invalid(key: "issuer", reason: "not an absolute URL without query or fragment") }
        let loopback = ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host.lowercased())
        guard url.scheme == "https" || (url.scheme == "http" && loopback) else {
            throw Invalid(key: "issuer", reason: "must be https (http only for a loopback host)")
        }
    }

    /// RFC 6749 §3.3: scope-token = 1*( %x21 / %x23-5B / %x5D-7E ).
    static func isScopeToken(_ name: String) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy { $0 == 0x21 || (0x23...0x5B).contains($0) || (0x5D...0x7E).contains($0) }
    }

    public func scopeDescription(_ name: String) -> String? { scopes.first { $0.name == name }?.description }

    public var supportsOpenID: Bool { scopes.contains { $0.name == "openid" } }
}
