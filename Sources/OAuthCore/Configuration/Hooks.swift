import Support

/// Protocols the protocol core calls and other modules implement.

/// Verifies a password against its stored hash (Argon2id, in the Identity module).
public protocol PasswordVerifier: Sendable {
    func verify(password: String, hash: String) -> Bool
}

extension PasswordVerifier {
    /// A well-formed hash that matches nothing; verified for unknown emails so that the time taken
    /// does not reveal whether an account exists.
    public var dummyHash: String {
        "$argon2id$v=19$m=65536,t=2,p=1$ZHVtbXlzYWx0ZHVtbXlzYQ$ZHVtbXloYXNoZHVtbXloYXNoZHVtbXloYXNoZHVtbXk"
    }
}

/// Signs ID-token claims as a compact JWS (RS256 by default; the JOSE module implements it).
public protocol IDTokenSigner: Sendable {
    func sign(claims: [String: JSONValue]) throws -> String
    /// With the active key of `algorithm` (a client's `id_token_signed_response_alg`, `RS256` or `ES256`).
    func sign(claims: [String: JSONValue], algorithm: String) throws -> String
}

/// The password grant's `link_token` hook (docs/sign-in.md, Native): called after the password
/// was verified, with the account that proved itself. Throw an `OAuthError` (e.g. invalid_grant for
/// an unknown or expired link token) to refuse.
public protocol LinkTokenRedeemer: Sendable {
    func redeem(linkToken: String, accountID: String) throws
}

/// What the token-exchange grant is given (RFC 8693 §2.1; docs/sign-in.md, Native).
public struct TokenExchangeRequest: Sendable {
    /// Every form parameter (subject_token, subject_token_type, nonce, apple_authorization_code, …).
    public var parameters: FormParameters
    public var client: Client

    public init(parameters: FormParameters, client: Client) {
        self.parameters = parameters
        self.client = client
    }
}

public struct TokenExchangeResult: Sendable, Equatable {
    public var accountID: String
    public var accountCreated: Bool

    public init(accountID: String, accountCreated: Bool) {
        self.accountID = accountID
        self.accountCreated = accountCreated
    }
}

/// Verifies the identity token and finds, creates or links the account (the Identity module).
/// Throw an `OAuthError`: invalid_grant for a token that failed verification, `.linkRequired(…)`
/// when another account owns the verified email.
public protocol TokenExchangeHandler: Sendable {
    func exchange(_ request: TokenExchangeRequest) async throws -> TokenExchangeResult
}
