import Support

/// The App Flip link opened in a browser because the maker's app is not installed: the link carries
/// the authorization request (`client_id`, `scope`, `state`, `redirect_uri`;
/// https://developers.google.com/identity/account-linking/app-flip-ios), so it continues as the browser flow
/// at `/authorize` with `response_type=code`.
///
/// Decision: the `redirect_uri` is kept exactly as sent, and only when it is registered for that
/// client (RFC 6749 §3.1.2.3, by `RegisteredRedirect`, the rule `/authorize` and App Flip apply).
/// Swapping Google's `/a/BUNDLE` URI for the client's web `/r/PROJECT` URI would hand the code to a
/// place Google's app did not ask for, and the code is bound to the exact `redirect_uri` it was
/// minted for, so Google's redemption would fail anyway. Anything that does not pass ends on an
/// error page: nothing is redirected to an unvetted place.
public struct AppFlipBrowserFallback: Sendable {
    public enum Outcome: Equatable, Sendable {
        /// 302 to this `/authorize` URL.
        case authorize(String)
        /// An error page worded by this reason (nil: the link is malformed); no redirect.
        case refuse(OAuthError.PageReason?)
        /// The client could not be looked up (the database is unreachable).
        case unavailable
    }

    public static let passedOn = ["client_id", "scope", "state", "redirect_uri"]

    let authorizationEndpoint: String
    let lookUpClient: @Sendable (String) throws -> Client?

    public init(authorizationEndpoint: String, lookUpClient: @escaping @Sendable (String) throws -> Client?) {
        self.authorizationEndpoint = authorizationEndpoint
        self.lookUpClient = lookUpClient
    }

    /// `link`: the link's query as the HTTP layer decoded it (nil: it could not be decoded).
    public func decide(_ link: FormParameters?) -> Outcome {
        guard let link else { return .refuse(nil) }
        do {
            try RepeatedParameters.check(link, among: Self.passedOn)
            _ = try RegisteredRedirect.check(
                clientID: link["client_id"], redirectURI: link["redirect_uri"], lookUp: lookUpClient)
        } catch let refusal as OAuthError {
            return .refuse(refusal.pageReason)
        } catch {
            return .unavailable
        }
        var query = FormParameters([("response_type", "code")])
        for name in Self.passedOn { if let value = link[name] { query.append(name, value) } }
        return .authorize(authorizationEndpoint + "?" + query.encoded)
    }
}
