import Foundation

/// The rotation rule (RFC 9700 §4.14.2; docs/operations.md "Refresh rotation"): a rotated refresh
/// token presented again gets a fresh pair, at any time within the reuse window, as long as no token
/// issued after it in its family has been used: the answer that carried its successor was lost
/// (a timeout, a proxy reset, a crash after commit) and the client retries with the token it still
/// holds. Once a later token was used, presenting an earlier one is theft. Google unlinks on
/// `invalid_grant` (https://developers.google.com/identity/account-linking/unlinking), so no time
/// limit shorter than the reuse window may refuse a retry.
///
/// The one owner of the rule: TokenPathStore's `rotateRefreshToken` acts on the answer (RefreshTokenGrant's
/// one store call), and the storage conformance suite runs it on every store. Call it inside the
/// transaction, after the token was read live.
public enum RefreshRotation {
    public enum Presentation: Sendable, Equatable {
        /// First presentation: the token is now marked rotated; issue its successor.
        case first
        /// Presented again and no later token of its family was used (a lost answer): issue another
        /// successor. Unused successors are revoked as soon as one of them is used.
        case retry
        /// A later token of its family was used: revoke the grant.
        case theft
        /// Rotated longer ago than the reuse window: refused as unknown, nothing written (the purge
        /// deletes such tokens, RefreshHistoryStore).
        case outsideWindow
    }

    /// The rotation family's record (`useRefreshToken`) and the token's rotation mark (`markRotated`).
    public typealias Store = RefreshLineageStore & TokenStore

    public static func present(
        _ record: TokenRecord, in storage: any Store, at now: Date, reuseWindow: TimeInterval
    ) throws -> Presentation {
        if let rotatedAt = record.rotatedAt, now.timeIntervalSince(rotatedAt) > reuseWindow { return .outsideWindow }
        guard try storage.useRefreshToken(hash: record.hash, at: now) else { return .theft }
        // A concurrent presentation that rotated it first makes this one a retry too.
        return try record.rotatedAt == nil && storage.markRotated(hash: record.hash, at: now) ? .first : .retry
    }
}
