import Foundation

/// A browser session; the cookie holds the id, the store only its hash.
public struct Session: Sendable, Equatable, Codable {
    public var hash: String
    public var accountID: String
    /// Secret from which CSRF tokens are derived (HMAC), per session.
    public var csrfSecret: [UInt8]
    public var authTime: Date
    public var createdAt: Date
    public var expiresAt: Date
    /// Where the session was started or last seen (`SignInListStore.recordSessionUse`).
    public var origin: SignInOrigin
    /// When it was last seen, at the granularity of `WebSessions.useGranularity`; nil: only its start.
    public var lastUsedAt: Date?

    public init(hash: String, accountID: String, csrfSecret: [UInt8], authTime: Date, createdAt: Date,
                expiresAt: Date, origin: SignInOrigin = SignInOrigin(), lastUsedAt: Date? = nil) {
        self.hash = hash
        self.accountID = accountID
        self.csrfSecret = csrfSecret
        self.authTime = authTime
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.origin = origin
        self.lastUsedAt = lastUsedAt
    }
}

/// A pending authorization request kept server-side across the login and consent round trips.
public struct Interaction: Sendable, Equatable, Codable {
    public var id: String
    /// The validated authorization request, serialized by OAuthCore.
    public var request: [UInt8]
    /// Set once the person signed in during this interaction.
    public var accountID: String?
    /// CSRF secret for the pages of this interaction when no session exists yet.
    public var csrfSecret: [UInt8]
    public var createdAt: Date
    public var expiresAt: Date

    public init(id: String, request: [UInt8], accountID: String? = nil, csrfSecret: [UInt8], createdAt: Date,
                expiresAt: Date) {
        self.id = id
        self.request = request
        self.accountID = accountID
        self.csrfSecret = csrfSecret
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}

/// One of our signing keys; the private half sealed with the master key.
public struct StoredSigningKey: Sendable, Equatable, Codable {
    public var kid: String
    public var algorithm: String
    public var encryptedPrivateKey: [UInt8]
    /// The public JWK as JSON text.
    public var publicJWK: String
    public var createdAt: Date
    /// nil while the key is the active one; set when a newer key took over.
    public var retiredAt: Date?
    /// After this the public key is no longer published (every token it signed has expired).
    public var removeAfter: Date?

    public init(kid: String, algorithm: String, encryptedPrivateKey: [UInt8], publicJWK: String, createdAt: Date,
                retiredAt: Date? = nil, removeAfter: Date? = nil) {
        self.kid = kid
        self.algorithm = algorithm
        self.encryptedPrivateKey = encryptedPrivateKey
        self.publicJWK = publicJWK
        self.createdAt = createdAt
        self.retiredAt = retiredAt
        self.removeAfter = removeAfter
    }
}

/// Something that happened, kept for the operator; never holds secrets or personal data after deletion.
public struct AuditEvent: Sendable, Equatable, Codable {
    public var id: String
    public var time: Date
    public var kind: String
    public var accountID: String?
    public var clientID: String?
    public var detail: String

    public init(id: String, time: Date, kind: String, accountID: String? = nil, clientID: String? = nil,
                detail: String = "") {
        self.id = id
        self.time = time
        self.kind = kind
        self.accountID = accountID
        self.clientID = clientID
        self.detail = detail
    }
}
