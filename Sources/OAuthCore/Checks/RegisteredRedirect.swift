import Support

/// The one owner of "a registered client and one of its registered redirect URIs" (RFC 6749
/// §3.1.2.3 exact match, §4.1.2.1 never redirect to an unvetted URI): `/authorize`, App Flip, the App
/// Flip link's browser fallback and the end-session endpoint's `post_logout_redirect_uri` all refuse
/// through it, with the same codes and page reasons. A resource server (RFC 7662 §4) may only
/// introspect, so it is refused here everywhere.
public enum RegisteredRedirect {
    /// The client and the URI to redirect to. `soleDefault`: OIDC Core §3.1.2.1 (the authorization
    /// endpoint only) lets a request omit `redirect_uri` when exactly one is registered. Errors of
    /// `lookUp` (the store) pass through unchanged; every refusal is an `OAuthError`.
    public static func check(
        clientID: String?, redirectURI: String?, soleDefault: Bool = false, lookUp: (String) throws -> Client?
    ) throws -> (client: Client, redirectURI: String) {
        let client = try checkClient(clientID, lookUp)
        guard let sent = redirectURI, !sent.isEmpty else {
            guard soleDefault, client.redirectURIs.count == 1 else {
                throw OAuthError.invalidRequest("redirect_uri is missing")
            }
            return (client, client.redirectURIs[0])
        }
        guard client.redirectURIs.containsBytes(sent) else {
            throw OAuthError.invalidRequest("redirect_uri is not registered for this client")
                .because(.unknownRedirectURI)
        }
        return (client, sent)
    }

    private static func checkClient(_ id: String?, _ lookUp: (String) throws -> Client?) throws -> Client {
        guard let id, !id.isEmpty else { throw OAuthError.invalidRequest("client_id is missing") }
        guard let client = try lookUp(id) else {
            throw OAuthError.invalidRequest("unknown client_id", detail: "client \(id) not registered")
                .because(.unknownClient)
        }
        guard !client.resourceServer else {
            throw OAuthError.invalidRequest("this client is a resource server", detail: "client \(id) may only introspect")
                .because(.unknownClient)
        }
        return client
    }
}
