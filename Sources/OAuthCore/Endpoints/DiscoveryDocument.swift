/// RFC 8414 §2 and OIDC Discovery §3 metadata, served at both well-known paths (RFC 8414 §3, OIDC Discovery
/// §4), with the extension `app_flip_endpoint`.
public enum DiscoveryDocument {
    /// `signingAlgorithms`: the algorithms of the published keys (OIDC Discovery §3
    /// `id_token_signing_alg_values_supported` must list what ID tokens may be signed with).
    public static func metadata(_ configuration: OAuthConfiguration, signingAlgorithms: [String] = ["RS256"],
                                custom: [CustomScope] = []) -> JSONValue
    {
        let issuer = configuration.issuer
        return .object([
            // OIDC RP-Initiated Logout 1.0 §2.1.
            "end_session_endpoint": .string(issuer + "/logout"),
            // OIDC Core §3.1.2.1 (listed as in OIDC Discovery 1.0 errata 2 `prompt_values_supported`).
            "prompt_values_supported": .strings(["none", "login", "consent"]),
            "issuer": .string(issuer),
            "authorization_endpoint": .string(issuer + "/authorize"),
            "token_endpoint": .string(issuer + "/token"),
            "revocation_endpoint": .string(issuer + "/revoke"),
            "introspection_endpoint": .string(issuer + "/introspect"),
            "userinfo_endpoint": .string(issuer + "/userinfo"),
            "jwks_uri": .string(issuer + "/jwks.json"),
            "app_flip_endpoint": .string(issuer + "/app-flip/authorize"),
            "response_types_supported": .strings(["code"]),
            // OAuth 2.0 Form Post Response Mode; `query` is the default of response_type=code.
            "response_modes_supported": .strings(AuthorizationRequest.responseModes),
            // OIDC Core §6.1, §6.2: request objects are refused (Discovery §3 says so with these two).
            "request_parameter_supported": .bool(false),
            "request_uri_parameter_supported": .bool(false),
            // RFC 9207 §3: every authorization response carries `iss`.
            "authorization_response_iss_parameter_supported": .bool(true),
            "grant_types_supported": .strings(TokenEndpoint.grantTypesSupported),
            "token_endpoint_auth_methods_supported": .strings([
                "client_secret_basic", "client_secret_post", "none",
            ]),
            "revocation_endpoint_auth_methods_supported": .strings([
                "client_secret_basic", "client_secret_post", "none",
            ]),
            "introspection_endpoint_auth_methods_supported": .strings([
                "client_secret_basic", "client_secret_post",
            ]),
            "code_challenge_methods_supported": .strings(["S256"]),
            "scopes_supported": .strings(ScopeRules.known(configuration, custom: custom)),
            "subject_types_supported": .strings(["public"]),
            "id_token_signing_alg_values_supported": .strings(signingAlgorithms),
            "claims_supported": .strings([
                "iss", "sub", "aud", "exp", "iat", "auth_time", "nonce", "at_hash",
                "email", "email_verified", "name",
            ]),
            "ui_locales_supported": .strings(configuration.uiLocales),
        ])
    }

    /// The document as a cacheable JSON response (metadata is public, RFC 8414 §3.2).
    public static func response(_ configuration: OAuthConfiguration, signingAlgorithms: [String] = ["RS256"],
                                custom: [CustomScope] = []) -> EndpointResponse
    {
        .json(
            status: 200, body: metadata(configuration, signingAlgorithms: signingAlgorithms, custom: custom).bytes,
            headers: [
                Header("Content-Type", "application/json;charset=UTF-8"),
                Header("Cache-Control", "max-age=3600"),
            ])
    }
}
