import Foundation
import Support

/// The one owner of scope rules (RFC 6749 §3.3, §6), used by the authorization endpoint, App Flip,
/// the first-party grants and sign-up, client credentials and refresh. Scope
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
        known(configured: configuration.scopes, custom: custom)
    }

    /// `known` for the configured scope definitions (the defaults where no configuration is at hand:
    /// `client add`, `scope add`).
    public static func known(configured: [OAuthConfiguration.ScopeDefinition] = OAuthConfiguration.defaultScopes,
                             custom: [CustomScope] = []) -> [String] {
        let names = defined(configured: configured, custom: custom)
        return names.containsBytes(offlineAccess) ? names : names + [offlineAccess]
    }

    /// The configured scope names, then the custom ones; a client may be given only these.
    public static func defined(_ configuration: OAuthConfiguration, custom: [CustomScope]) -> [String] {
        defined(configured: configuration.scopes, custom: custom)
    }

    static func defined(configured definitions: [OAuthConfiguration.ScopeDefinition], custom: [CustomScope]) -> [String] {
        let configured = definitions.map(\.name)
        return configured + custom.map(\.name).filter { !configured.containsBytes($0) }
    }

    /// The names the server defines itself, which a custom scope may not take (CustomScope.checked).
    public static var reserved: [String] { known() }

    /// A client may be given only scopes the server knows (`known`), else `/authorize` would later refuse
    /// the scope it was registered with: the first scope that is not known, or nil.
    public static func firstUnknown(_ scopes: [String], custom: [CustomScope]) -> String? {
        let known = known(custom: custom)
        return scopes.first { !known.containsBytes($0) }
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

    /// RFC 6749 §6: a refresh may ask for a narrower scope, never a wider one; omitted keeps `granted`.
    public static func narrowed(_ text: String?, granted: [String]) throws(OAuthError) -> [String] {
        guard let text else { return granted }
        let requested = parse(text)
        guard !requested.isEmpty, isWithin(requested, granted) else {
            throw .invalidScope("the requested scope exceeds the granted scope")
        }
        return requested
    }

    /// OIDC Core §5.4: the scopes that ask for a person's claims.
    public static let personal = ["openid", "email", "profile"]

    /// RFC 6749 §4.4: client credentials act for no person, so `personal` scopes are left out of the
    /// default and refused when asked for.
    public static func withoutPerson(
        _ text: String?, client: Client, configuration: OAuthConfiguration, custom: [CustomScope] = []
    ) throws(OAuthError) -> [String] {
        let resolved = try resolve(text, client: client, configuration: configuration, custom: custom)
        guard text != nil else { return resolved.filter { !personal.containsBytes($0) } }
        if let bad = resolved.first(where: personal.containsBytes) {
            throw .invalidScope("scope \(bad) needs a person; client_credentials has none")
        }
        return resolved
    }
}
