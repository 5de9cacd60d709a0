import Foundation

/// What refresh-token rotation leaves behind (RFC 9700 §4.14.2): each rotation keeps the presented
/// token, marked rotated, and a `refresh_lineage` row per child. Both are needed only while the
/// token can still be presented or its reuse detected (RefreshTokenGrant.swift: the grace period,
/// reuse after it, forks), so the periodic purge removes them after a reuse-detection window and the
/// tables stay bounded with rotation on.
public protocol RefreshHistoryStore {
    /// Deletes, atomically, with `time` = now − the reuse-detection window (never less than the
    /// rotation grace period):
    /// - tokens rotated before `time` (their reuse is no longer detected, they are simply unknown);
    /// - tokens revoked before `time` (a revoked token can never be presented successfully);
    /// - unused refresh tokens whose sibling (another child of the same parent) was used before
    ///   `time`: the abandoned branch of a fork, which could only ever be presented as a replay;
    /// - lineage rows created before `time` of a parent none of whose children is still stored
    ///   unrevoked (fork detection looks only at siblings of a token that can still be presented).
    /// Returns how many rows went.
    func purgeRefreshHistory(before time: Date) throws -> Int
}
