import Foundation
import OAuthCore

extension MemoryStorage {
    public func liveToken(hash: String, at now: Date) throws -> LiveToken? {
        try access { state in Self.live(hash, now, state) }
    }

    public func insertToken(_ token: TokenRecord, whileLive refreshHash: String, at now: Date) async throws -> Bool {
        try access { state in
            guard Self.live(refreshHash, now, state) != nil else { return false }
            try state.insertToken(token)
            return true
        }
    }

    private static func live(_ hash: String, _ now: Date, _ state: MemoryState) -> LiveToken? {
        guard let record = state.tokens[hash], record.isUsable(at: now),
            let account = state.accounts[record.accountID], account.status == .active
        else { return nil }
        return LiveToken(record: record, account: account)
    }
}
