import Foundation
import Mail
import OAuthCore

extension MemoryStorage {
    public func insertOneTimeToken(_ token: OneTimeToken) throws {
        try access { state in
            guard state.oneTimeTokens[token.hash] == nil else { throw StoreError.conflict("one-time token exists") }
            state.oneTimeTokens[token.hash] = token
        }
    }

    public func oneTimeToken(hash: String) throws -> OneTimeToken? { try access { $0.oneTimeTokens[hash] } }

    public func consumeOneTimeToken(hash: String, at time: Date) throws -> OneTimeTokenConsumption {
        try access { state in
            guard var token = state.oneTimeTokens[hash] else { return .notFound }
            guard token.usedAt == nil else { return .alreadyUsed(token) }
            token.usedAt = time
            state.oneTimeTokens[hash] = token
            return .consumed(token)
        }
    }

    public func invalidateOneTimeTokens(accountID: String, purpose: OneTimeToken.Purpose, at time: Date) throws -> Int {
        try access { state in
            let open = state.oneTimeTokens.values.filter {
                $0.accountID == accountID && $0.purpose == purpose && $0.usedAt == nil
            }
            for token in open { state.oneTimeTokens[token.hash]?.usedAt = time }
            return open.count
        }
    }

    public func invalidateOneTimeTokens(accountID: String, purposes: Set<OneTimeToken.Purpose>, at time: Date) throws
        -> Int
    {
        try access { state in
            let open = state.oneTimeTokens.values.filter {
                $0.accountID == accountID && purposes.contains($0.purpose) && $0.usedAt == nil
            }
            for token in open { state.oneTimeTokens[token.hash]?.usedAt = time }
            return open.count
        }
    }

    public func insertMail(_ mail: OutboxMail) throws {
        try access { state in
            guard state.outbox[mail.id] == nil else { throw StoreError.conflict("mail \(mail.id) exists") }
            state.outbox[mail.id] = mail
            state.outboxOrder.append(mail.id)
        }
    }

    public func mail(id: String) throws -> OutboxMail? { try access { $0.outbox[id] } }

    public func listMail() throws -> [OutboxMail] {
        try access { state in state.outboxOrder.compactMap { state.outbox[$0] } }
    }

    public func dueMail(at time: Date, limit: Int) throws -> [OutboxMail] {
        try access { state in
            Array(state.outboxOrder.compactMap { state.outbox[$0] }.filter {
                ($0.status == .pending || $0.status == .sending) && $0.nextAttemptAt <= time
            }.prefix(limit))
        }
    }

    public func updateMail(_ mail: OutboxMail, ifUnchangedFrom expected: OutboxMail) throws -> Bool {
        try access { state in
            guard let stored = state.outbox[mail.id], stored.status == expected.status,
                  stored.attempts == expected.attempts
            else { return false }
            state.outbox[mail.id] = mail
            return true
        }
    }
}
