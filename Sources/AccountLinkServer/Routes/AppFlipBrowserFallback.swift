import AppFlipKit
import OAuthCore

/// The App Flip link opened in a browser because the maker's app is not installed: the link carries
/// the authorization request (`client_id`, `scope`, `state`, `redirect_uri`;
/// https://developers.google.com/identity/account-linking/app-flip-ios), so it continues as the browser flow
/// at `/authorize` with `response_type=code`.
///
/// Decision: the `redirect_uri` is kept exactly as sent, and only when it is registered for that
/// client (RFC 6749 §3.1.2.3). Swapping Google's `/a/BUNDLE` URI for the client's web `/r/PROJECT`
/// URI would hand the code to a place Google's app did not ask for, and the code is bound to the
/// exact `redirect_uri` it was minted for, so Google's redemption would fail anyway. Anything that
/// does not pass ends on an error page: nothing is redirected to an unvetted place.
struct AppFlipBrowserFallback {
    enum Outcome: Equatable {
        /// 302 to this `/authorize` URL.
        case authorize(String)
        /// An error page worded by this reason (nil: the link is malformed); no redirect.
        case refuse(OAuthError.PageReason?)
        /// The client could not be looked up (the database is unreachable).
        case unavailable
    }

    static let passedOn = ["client_id", "scope", "state", "redirect_uri"]

    let authorizationEndpoint: String
    let lookUpClient: (String) throws -> Client?

    /// The query is read as App Flip sends it (RFC 3986: a `+` is a plus, `AppFlipQuery`).
    func decide(rawQuery: String) -> Outcome {
        guard let pairs = try? AppFlipQuery.parse(rawQuery) else { return .refuse(nil) }
        var values: [String: String] = [:]
        for pair in pairs where Self.passedOn.contains(pair.name) {
            // RFC 6749 §3.1: parameters MUST NOT be included more than once.
            guard values[pair.name] == nil else { return .refuse(nil) }
            values[pair.name] = pair.value
        }
        guard let clientID = values["client_id"], !clientID.isEmpty,
            let redirectURI = values["redirect_uri"], !redirectURI.isEmpty
        else { return .refuse(nil) }
        let found: Client?
        do { found = try lookUpClient(clientID) } catch { return .unavailable }
        guard let client = found else { return .refuse(.unknownClient) }
        guard client.redirectURIs.containsBytes(redirectURI) else {
            return .refuse(.unknownRedirectURI)
        }
        var query: [(name: String, value: String)] = [("response_type", "code")]
        for name in Self.passedOn { if let value = values[name] { query.append((name, value)) } }
        return .authorize(authorizationEndpoint + "?" + AppFlipQuery.encode(query))
    }
}
