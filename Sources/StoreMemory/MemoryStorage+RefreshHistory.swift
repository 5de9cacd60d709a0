import Foundation
import OAuthCore
import Support

/// RefreshHistoryStore (Sources/OAuthCore/Storage/RefreshHistoryStore.swift), the reference rules.
extension MemoryStorage {
    public func purgeRefreshHistory(before time: Date) throws -> Int {
        try access { $0.purgeRefreshHistory(before: time) }
    }
}

extension MemoryState {
    mutating func purgeRefreshHistory(before time: Date) -> Int {
        let counted = tokens.count + refreshLineage.count
        let abandoned = abandonedBranches(before: time)
        tokens = tokens.filter { hash, token in
            !(token.rotatedAt.map { $0 < time } ?? false) && !(token.revokedAt.map { $0 < time } ?? false)
                && !abandoned.contains(hash)
        }
        let liveParents = Set(refreshLineage.compactMap { hash, entry in
            tokens[hash].map { $0.revokedAt == nil } == true ? entry.parent : nil
        })
        refreshLineage = refreshLineage.filter { $0.value.createdAt >= time || liveParents.contains($0.value.parent) }
        return counted - (tokens.count + refreshLineage.count)
    }

    /// Unused children, created before `time`, of a parent another child of which was used before `time`.
    private func abandonedBranches(before time: Date) -> Set<String> {
        let usedEarlier = refreshLineage.filter { $0.value.usedAt.map { $0 < time } ?? false }
        return Set(refreshLineage.filter { hash, entry in
            entry.usedAt == nil && entry.createdAt < time
                && usedEarlier.contains { $0.value.parent.sameBytes(entry.parent) && !$0.key.sameBytes(hash) }
        }.map(\.key))
    }
}
