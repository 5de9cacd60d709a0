import Foundation
import OAuthCore
import Support

/// `SignInListStore` (Sources/OAuthCore/Storage/SignInListStore.swift).
extension MemoryStorage {
    public func liveSessions(accountID: String, at time: Date) throws -> [Session] {
        try access { state in
            state.sessions.values.filter { $0.accountID.sameBytes(accountID) && $0.expiresAt > time }
                .sorted { ($0.lastUsedAt ?? $0.createdAt, $0.hash) > ($1.lastUsedAt ?? $1.createdAt, $1.hash) }
        }
    }

    public func recordSessionUse(hash: String, at time: Date, origin: SignInOrigin) throws {
        try access { state in
            guard state.sessions[hash] != nil else { return }
            state.sessions[hash]?.lastUsedAt = time
            state.sessions[hash]?.origin = origin
        }
    }

    public func lastTokenIssued(grantIDs: [String]) throws -> [String: Date] {
        try access { state in
            let wanted = Set(grantIDs)
            var newest: [String: Date] = [:]
            for token in state.tokens.values where wanted.contains(token.grantID) {
                newest[token.grantID] = max(newest[token.grantID] ?? token.createdAt, token.createdAt)
            }
            return newest
        }
    }
}
