import Foundation

/// Why an incoming App Flip universal link was refused.
public enum AppFlipRequestError: Error, Equatable, Sendable {
    /// The link has no query component, or it could not be decoded.
    case malformedQuery(AppFlipQuery.DecodingError?)
    /// A parameter appears more than once (RFC 6749 §3.1: parameters MUST NOT be included more
    /// than once); nothing from such a link is trusted.
    case duplicateParameter(String)
    /// `client_id`, `state` or `redirect_uri` is absent or empty.
    case missingParameter(String)
    /// `client_id` is not the one Google registered for this app (App Flip iOS guide, step 4).
    case clientIDMismatch
    /// `redirect_uri` does not match Google's App Flip pattern (App Flip iOS guide, step 3).
    case invalidRedirectURI(AppFlipRedirect.Problem)
}

/// The query of the universal link Google's app opens: `client_id`, `scope` (space separated),
/// `state` and `redirect_uri` (App Flip iOS guide, "Query parameters for your app's universal
/// link"). Only a value that passed every check exists.
public struct AppFlipRequest: Equatable, Sendable {
    public let clientID: String
    public let scopes: [String]
    public let state: String
    public let redirectURI: String

    static let names = ["client_id", "scope", "state", "redirect_uri"]

    /// Parses and validates the link, in order: query decodes, no duplicates, `client_id`, `state`
    /// and `redirect_uri` present (a missing `scope` is an empty one), redirect URI is Google's, client id is the expected one. Parameters other than
    /// the four are ignored.
    public init(url: URL, expectedClientID: String) throws(AppFlipRequestError) {
        guard let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery
        else { throw .malformedQuery(nil) }
        try self.init(rawQuery: query, expectedClientID: expectedClientID)
    }

    /// As `init(url:expectedClientID:)`, from the raw percent-encoded query.
    public init(rawQuery: String, expectedClientID: String) throws(AppFlipRequestError) {
        let values = try Self.uniqueValues(rawQuery)
        func required(_ name: String) throws(AppFlipRequestError) -> String {
            guard let value = values[name], !value.isEmpty else { throw .missingParameter(name) }
            return value
        }
        let clientID = try required("client_id")
        // Google's App Flip sample sends no `scope` when none is configured: absent is empty.
        let scope = values["scope"] ?? ""
        let state = try required("state")
        let redirectURI = try required("redirect_uri")
        if let problem = AppFlipRedirect.check(redirectURI) { throw .invalidRedirectURI(problem) }
        guard clientID.utf8.elementsEqual(expectedClientID.utf8) else { throw .clientIDMismatch }
        self.init(
            clientID: clientID, scopes: Self.splitScope(scope), state: state,
            redirectURI: redirectURI)
    }

    private init(clientID: String, scopes: [String], state: String, redirectURI: String) {
        self.clientID = clientID
        self.scopes = scopes
        self.state = state
        self.redirectURI = redirectURI
    }

    /// The scopes joined as Google sent them (RFC 6749 §3.3: space-delimited).
    public var scope: String { scopes.joined(separator: " ") }

    /// The `redirect_uri` of a refused link when it is still safe to answer on it, so the app
    /// can return `invalid_request` there (App Flip iOS guide: "If client verification fails,
    /// return the invalid_request error to the redirect_uri"). Nil when it is absent, repeated
    /// or not Google's: then nothing is redirected.
    public static func answerableRedirectURI(in url: URL) -> String? {
        guard let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery,
            let values = try? uniqueValues(query), let uri = values["redirect_uri"],
            AppFlipRedirect.isGoogleAppFlipRedirect(uri)
        else { return nil }
        return uri
    }

    static func uniqueValues(_ rawQuery: String) throws(AppFlipRequestError) -> [String: String] {
        let pairs: [(name: String, value: String)]
        do { pairs = try AppFlipQuery.parse(rawQuery) } catch { throw .malformedQuery(error) }
        var values: [String: String] = [:]
        for pair in pairs {
            guard values[pair.name] == nil else { throw .duplicateParameter(pair.name) }
            values[pair.name] = pair.value
        }
        return values
    }

    static func splitScope(_ scope: String) -> [String] {
        scope.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    }
}
