import Foundation

/// Hands out a valid access token, refreshing it shortly before it expires with ONE refresh in
/// flight however many callers ask at once: the first caller starts the refresh, the others await
/// that same task (a second refresh would present a rotated refresh token twice, which AccountLink
/// treats as theft and answers by revoking the grant: RFC 6819 §5.2.2.3).
public actor TokenSession {
    public typealias Refresher = @Sendable (_ refreshToken: String, _ previous: TokenSet) async throws -> TokenSet

    let store: any TokenStore
    let margin: TimeInterval
    let now: @Sendable () -> Date
    private let refresher: Refresher
    private var inFlight: Task<TokenSet, any Error>?
    /// Bumped by every sign-in and sign-out, so that a refresh that started before cannot overwrite them.
    private var generation = 0

    init(store: any TokenStore, margin: TimeInterval, now: @escaping @Sendable () -> Date, refresher: @escaping Refresher) {
        self.store = store
        self.margin = margin
        self.now = now
        self.refresher = refresher
    }

    /// The stored tokens, refreshed first when they expire within the margin, or when the server
    /// refused the access token `rejected` and it is still the stored one (callers that saw the same
    /// refusal share one refresh). Throws `notSignedIn` when nothing is stored or the refresh token
    /// was refused (the store is then cleared), and the refresh's own error when it could not be
    /// done right now.
    public func validTokens(rejected: String? = nil) async throws -> TokenSet {
        if let inFlight { return try await inFlight.value }
        guard let tokens = try store.load() else { throw AccountLinkError.notSignedIn }
        let refused = rejected.map { tokens.accessToken.utf8.elementsEqual($0.utf8) } ?? false
        guard refused || tokens.needsRefresh(at: now(), margin: margin) else { return tokens }
        return try await refresh(tokens)
    }

    /// Stores tokens from a sign-in (a refresh in flight for the previous account is abandoned).
    public func replace(with tokens: TokenSet) throws {
        inFlight = nil
        generation += 1
        try store.save(tokens)
    }

    /// Forgets the tokens.
    public func clear() throws {
        inFlight = nil
        generation += 1
        try store.clear()
    }

    private func refresh(_ tokens: TokenSet) async throws -> TokenSet {
        let task = Task { try await performRefresh(tokens) }
        inFlight = task
        defer { if inFlight == task { inFlight = nil } }
        return try await task.value
    }

    /// What a sign-in or sign-out stored while a refresh was under way.
    private func current() throws -> TokenSet {
        guard let tokens = try store.load() else { throw AccountLinkError.notSignedIn }
        return tokens
    }

    private func performRefresh(_ tokens: TokenSet) async throws -> TokenSet {
        let started = generation
        guard let refreshToken = tokens.refreshToken else {
            try clear()
            throw AccountLinkError.notSignedIn
        }
        do {
            let fresh = try await refresher(refreshToken, tokens)
            guard generation == started else { return try current() }
            try store.save(fresh)
            return fresh
        } catch let error as AccountLinkError where error.code == "invalid_grant" {
            // RFC 6749 §5.2: the refresh token is invalid, expired or revoked: signed out.
            if generation == started { try clear() }
            throw AccountLinkError.notSignedIn
        }
    }
}
