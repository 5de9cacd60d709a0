import Foundation
import Support
import OAuthCore

extension MemoryStorage {
    public func insertAccount(_ account: Account) throws {
        try access { state in
            guard state.accounts[account.id] == nil else { throw StoreError.conflict("account \(account.id) exists") }
            try state.checkEmailFree(account)
            state.accounts[account.id] = account
            state.accountOrder.append(account.id)
        }
    }

    public func account(id: String) throws -> Account? { try access { $0.accounts[id] } }
    /// Transactions here hold the store's lock throughout: nothing to lock.
    public func lockAccount(id: String) throws -> Account? { try account(id: id) }

    public func listAccounts() throws -> [Account] {
        try access { state in state.accountOrder.compactMap { state.accounts[$0] }.filter { $0.status != .deleted } }
    }

    public func account(email: String) throws -> Account? {
        let wanted = Account.emailKey(email)
        return try access { state in
            state.accountOrder.compactMap { state.accounts[$0] }
                .first { $0.status != .deleted && $0.email.map(Account.emailKey)?.sameBytes(wanted) == true }
        }
    }

    public func updateAccount(_ account: Account) throws {
        try access { state in
            try state.checkEmailFree(account)
            state.accounts[account.id] = account
        }
    }

    public func insertIdentity(_ identity: LinkedIdentity) throws {
        try access { state in
            let taken = state.identities.values.contains {
                $0.provider == identity.provider && $0.subject.sameBytes(identity.subject)
            }
            guard !taken, state.identities[identity.id] == nil else {
                throw StoreError.conflict("identity \(identity.provider.rawValue) exists")
            }
            state.identities[identity.id] = identity
        }
    }

    public func identity(provider: LinkedIdentity.Provider, subject: String) throws -> LinkedIdentity? {
        try access { $0.identities.values.first { $0.provider == provider && $0.subject.sameBytes(subject) } }
    }

    public func identities(accountID: String) throws -> [LinkedIdentity] {
        try access { state in
            state.identities.values.filter { $0.accountID.sameBytes(accountID) }
                .sorted { ($0.firstSignInAt, $0.id) < ($1.firstSignInAt, $1.id) }
        }
    }

    public func updateIdentity(_ identity: LinkedIdentity) throws { try access { $0.identities[identity.id] = identity } }

    public func deleteIdentity(id: String) throws -> Bool {
        try access { state in
            state.thirdPartyTokens[id] = nil
            return state.identities.removeValue(forKey: id) != nil
        }
    }

    public func setPasswordHash(_ hash: String, accountID: String) throws {
        try access { $0.passwords[accountID] = hash }
    }

    public func passwordHash(accountID: String) throws -> String? { try access { $0.passwords[accountID] } }

    public func saveThirdPartyToken(_ token: ThirdPartyToken) throws {
        try access { $0.thirdPartyTokens[token.identityID] = token }
    }

    public func thirdPartyTokens(accountID: String) throws -> [ThirdPartyToken] {
        try access { state in
            state.thirdPartyTokens.values.filter { $0.accountID.sameBytes(accountID) }.sorted { $0.identityID < $1.identityID }
        }
    }

    public func insertPendingRevocation(_ revocation: PendingRevocation) throws {
        try access { $0.pendingRevocations[revocation.id] = revocation }
    }

    public func duePendingRevocations(at time: Date) throws -> [PendingRevocation] {
        try access { state in
            state.pendingRevocations.values.filter { $0.nextAttemptAt <= time }.sorted { $0.id < $1.id }
        }
    }

    public func updatePendingRevocation(_ revocation: PendingRevocation) throws {
        try access { $0.pendingRevocations[revocation.id] = revocation }
    }

    public func deletePendingRevocation(id: String) throws { try access { $0.pendingRevocations[id] = nil } }

    public func eraseAccount(id: String, at time: Date) throws -> Bool {
        try access { $0.eraseAccount(id: id, at: time) }
    }
}

extension MemoryState {
    /// One live account per folded email (`Account.emailKey`), as the SQL stores' unique index.
    func checkEmailFree(_ account: Account) throws {
        guard account.status != .deleted, let key = account.email.map(Account.emailKey) else { return }
        let taken = accounts.values.contains {
            $0.status != .deleted && !$0.id.sameBytes(account.id) && $0.email.map(Account.emailKey)?.sameBytes(key) == true
        }
        if taken { throw StoreError.conflict("an account has that email") }
    }
}
