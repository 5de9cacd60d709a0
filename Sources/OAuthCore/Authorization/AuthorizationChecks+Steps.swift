import Foundation
import Support

extension AuthorizationChecks {
    /// RFC 6749 §3.1: parameters MUST NOT be included more than once. A doubled client_id,
    /// redirect_uri or state cannot be trusted to redirect to.
    func checkRedirectionParametersOnce(_ draft: inout AuthorizationDraft) throws {
        let doubled = draft.parameters.duplicatedNames.filter {
            ["client_id", "redirect_uri", "state"].contains($0)
        }
        if let name = doubled.first { throw OAuthError.invalidRequest("\(name) was sent more than once") }
    }

    /// RFC 6749 §4.1.1: client_id is required and must name a registered client.
    func checkClient(_ draft: inout AuthorizationDraft) throws {
        guard let id = draft.parameters["client_id"], !id.isEmpty else {
            throw OAuthError.invalidRequest("client_id is missing")
        }
        guard let client = try storage.client(id: id) else {
            throw OAuthError.invalidRequest("unknown client_id", detail: "client \(id) not registered").because(.unknownClient)
        }
        guard !client.resourceServer else {
            throw OAuthError.invalidRequest("this client is a resource server", detail: "client \(id) may only introspect")
        }
        draft.client = client
    }

    /// RFC 6749 §3.1.2.3 and OIDC Core §3.1.2.1: exact string match with a registered URI; when
    /// exactly one is registered and none was sent, that one is used.
    func checkRedirectURI(_ draft: inout AuthorizationDraft) throws {
        let registered = draft.client?.redirectURIs ?? []
        guard let sent = draft.parameters["redirect_uri"] else {
            guard registered.count == 1 else { throw OAuthError.invalidRequest("redirect_uri is missing") }
            draft.redirectURI = registered[0]
            return
        }
        guard registered.containsBytes(sent) else {
            throw OAuthError.invalidRequest("redirect_uri is not registered for this client").because(.unknownRedirectURI)
        }
        draft.redirectURI = sent
    }

    /// RFC 6749 §3.1: no other parameter twice either (now redirectable as invalid_request).
    func checkNoDuplicates(_ draft: inout AuthorizationDraft) throws {
        let doubled = draft.parameters.duplicatedNames.filter(Self.allowList.contains)
        if let name = doubled.first { throw OAuthError.invalidRequest("\(name) was sent more than once") }
    }

    /// RFC 6749 §4.1.1: response_type=code only (Google Cloud-to-cloud supports nothing else).
    func checkResponseType(_ draft: inout AuthorizationDraft) throws {
        guard let type = draft.parameters["response_type"] else {
            throw OAuthError.invalidRequest("response_type is missing")
        }
        guard type == "code" else {
            throw OAuthError(.unsupportedResponseType, "only response_type=code is supported")
        }
    }

    /// RFC 6749 §3.3: known scopes the client may have; omitted means the client's defaults. OIDC Core
    /// §3.1.2.1: scope values the server does not understand SHOULD be ignored, so they are left out of
    /// the grant (the token response's `scope` then says what was granted, RFC 6749 §5.1).
    func checkScope(_ draft: inout AuthorizationDraft) throws {
        guard let client = draft.client else { return }
        draft.scope = try ScopeRules.resolve(
            draft.parameters["scope"], client: client, configuration: configuration,
            custom: try storage.listScopes(), ignoringUnknown: true)
    }

    /// RFC 7636 §4.3/§4.4.1: S256 only; required for public clients (RFC 9700 §2.1.1).
    func checkPKCE(_ draft: inout AuthorizationDraft) throws {
        let challenge = draft.parameters["code_challenge"]
        let method = draft.parameters["code_challenge_method"]
        guard let challenge else {
            if method != nil {
                throw OAuthError.invalidRequest("code_challenge_method without code_challenge")
            }
            if draft.client?.isPublic == true {
                throw OAuthError.invalidRequest("PKCE is required for this client")
            }
            return
        }
        // RFC 7636 §4.3: a missing method means plain, which we do not accept.
        guard method == "S256" else { throw OAuthError.invalidRequest("code_challenge_method must be S256") }
        guard PKCE.isValidChallenge(challenge) else {
            throw OAuthError.invalidRequest("malformed code_challenge")
        }
        draft.codeChallenge = challenge
    }
}

/// Scope parsing and narrowing, shared by the authorization endpoint, refresh and App Flip. Scope
/// tokens are protocol values: compared as bytes (RFC 6749 §3.3 scope tokens are case-sensitive strings).
public enum ScopeRules {
    /// RFC 6749 §3.3: space-delimited, order kept, repeats (the same bytes) dropped.
    public static func parse(_ text: String) -> [String] {
        var seen = Set<[UInt8]>()
        return text.split(separator: " ").map(String.init).filter { seen.insert(Array($0.utf8)).inserted }
    }

    /// RFC 6749 §6: every requested scope is one of `granted`, byte for byte.
    public static func isWithin(_ requested: [String], _ granted: [String]) -> Bool {
        requested.allSatisfy(granted.containsBytes)
    }

    /// OIDC Core §11: `offline_access` asks for a refresh token. Every code grant already carries one, so
    /// the scope is known to every server and allowed to every client; consent names it.
    public static let offlineAccess = "offline_access"

    /// The scopes the server knows: the configured ones, the operator's custom ones (CustomScope) and
    /// `offline_access`.
    public static func known(_ configuration: OAuthConfiguration, custom: [CustomScope] = []) -> [String] {
        let names = defined(configuration, custom: custom)
        return names.containsBytes(offlineAccess) ? names : names + [offlineAccess]
    }

    /// The configured scope names, then the custom ones; a client may be given only these.
    public static func defined(_ configuration: OAuthConfiguration, custom: [CustomScope]) -> [String] {
        let configured = configuration.scopes.map(\.name)
        return configured + custom.map(\.name).filter { !configured.containsBytes($0) }
    }

    /// `ignoringUnknown`: the authorization endpoint's rule (OIDC Core §3.1.2.1) of leaving out scopes the
    /// server does not know; a known scope the client may not have is still `invalid_scope`, and so is a
    /// request left with nothing known.
    public static func resolve(
        _ text: String?, client: Client, configuration: OAuthConfiguration, custom: [CustomScope] = [],
        ignoringUnknown: Bool = false
    ) throws(OAuthError) -> [String] {
        let configured = defined(configuration, custom: custom)
        let allowed = client.scopes.isEmpty ? configured : client.scopes.filter(configured.containsBytes)
        guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else { return allowed }
        let known = Self.known(configuration, custom: custom)
        var requested = parse(text)
        if ignoringUnknown {
            requested = requested.filter(known.containsBytes)
            guard !requested.isEmpty else { throw .invalidScope("none of the requested scopes is known") }
        }
        let permitted = allowed + (allowed.containsBytes(offlineAccess) ? [] : [offlineAccess])
        guard let bad = requested.first(where: { !permitted.containsBytes($0) }) else { return requested }
        throw .invalidScope("scope \(bad) is not available to this client")
    }
}
