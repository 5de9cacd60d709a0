import Foundation
import Mail
import OAuthCore

extension MemoryStorage {
    public func insertOneTimeToken(_ token: OneTimeToken) throws {
        try access {
            try $0.oneTimeTokens.insertNew(token, at: token.hash, conflict: "one-time token exists")
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
            try state.outbox.insertNew(mail, at: mail.id, conflict: "mail \(mail.id) exists")
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
        try access {
            $0.outbox.replace(mail, at: mail.id) { $0.status == expected.status && $0.attempts == expected.attempts }
        }
    }
}
