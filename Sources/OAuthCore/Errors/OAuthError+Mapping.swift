/// Turning whatever a step threw into the one error type.
extension OAuthError {
    /// StoreError.unavailable becomes `temporarily_unavailable` (503) and every other unexpected error
    /// `server_error` (500): a transient fault must never read as `invalid_grant`, on which Google
    /// unlinks the user (docs/architecture.md, Decisions;
    /// https://developers.google.com/identity/account-linking/unlinking).
    public static func from(_ error: any Error) -> OAuthError {
        switch error {
        case let oauth as OAuthError:
            return oauth
        case StoreError.unavailable(let detail):
            return OAuthError(
                .temporarilyUnavailable, "the service is temporarily unavailable, try again",
                detail: "storage unavailable: \(detail)")
        default:
            return .serverError(detail: String(describing: error))
        }
    }

    /// Runs `body`, mapping anything thrown through `from(_:)`.
    static func mapping<T>(_ body: () throws -> T) throws(OAuthError) -> T {
        do { return try body() } catch { throw from(error) }
    }

    /// `mapping` for a body that awaits (a store read that suspends, TokenPathStore).
    static func mapping<T>(_ body: () async throws -> T) async throws(OAuthError) -> T {
        do { return try await body() } catch { throw from(error) }
    }
}
