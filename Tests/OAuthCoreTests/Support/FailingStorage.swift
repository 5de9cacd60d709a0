import Foundation
import OAuthCore
import Support
import Synchronization

/// A switch tests flip to make the store fail.
final class FailSwitch: Sendable {
    let on = Mutex(false)
    /// Runs just before the token path's conditional insert, as a change committed between a refresh's
    /// read and its write would (RefreshRaceTests); it may also turn the switch on.
    let beforeConditionalInsert = Mutex<(@Sendable () throws -> Void)?>(nil)
    /// Runs after a client was read, before it is returned, as a change committed meanwhile would
    /// (ClientCacheTests).
    let afterClientRead = Mutex<(@Sendable () throws -> Void)?>(nil)
    /// Runs after each call that succeeded, with its Swift name; it may turn the switch on, so that the
    /// calls after that one fail (InboundOnceTests: a failure between an event's receipt and its effect).
    let afterCall = Mutex<(@Sendable (String) -> Void)?>(nil)
    /// Every call made through the store, in order: its Swift name and the name of the thread it was made
    /// on (FirstPartyBearerCacheTests, LoopRequestsTests).
    let records = Mutex<[(call: String, thread: String)]>([])

    func record(_ call: String) {
        let thread = ThreadName.current() ?? "unnamed"
        records.withLock { $0.append((call, thread)) }
    }

    /// The calls' names, in order.
    var calls: [String] { records.withLock { $0.map(\.call) } }

    /// Forgets what was recorded.
    func clearRecords() { records.withLock { $0.removeAll() } }
    /// The records that insert was asked to write, written or not.
    let conditionalInserts = Mutex<[TokenRecord]>([])
    func check() throws { if on.withLock({ $0 }) { throw StoreError.unavailable("database is down (test)") } }
}

/// Wraps a store; while the switch is on, every call throws `StoreError.unavailable`.
struct FailingStorage: Storage {
    let inner: any Storage
    let fail: FailSwitch

    func run<T>(_ call: String = #function, _ body: () throws -> T) throws -> T {
        fail.record(call)
        try fail.check()
        let result = try body()
        fail.afterCall.withLock { $0 }?(call)
        return result
    }

    func transaction<T>(_ body: (FailingStorage) throws -> T) throws -> T {
        try run { try inner.transaction { try body(FailingStorage(inner: $0, fail: fail)) } }
    }
    func ping() throws { try run { try inner.ping() } }
    func insertClient(_ client: Client) throws { try run { try inner.insertClient(client) } }
    func client(id: String) throws -> Client? {
        try run {
            let client = try inner.client(id: id)
            try fail.afterClientRead.withLock { $0 }?()
            return client
        }
    }
    func listClients() throws -> [Client] { try run { try inner.listClients() } }
    func updateClient(_ client: Client) throws -> Bool { try run { try inner.updateClient(client) } }
    func insertScope(_ scope: CustomScope) throws { try run { try inner.insertScope(scope) } }
    func listScopes() throws -> [CustomScope] { try run { try inner.listScopes() } }
    func deleteScope(name: String) throws -> Bool { try run { try inner.deleteScope(name: name) } }
    func deleteClient(id: String, at time: Date) throws -> Bool {
        try run { try inner.deleteClient(id: id, at: time) }
    }
    func insertAccount(_ account: Account) throws { try run { try inner.insertAccount(account) } }
    func account(id: String) throws -> Account? { try run { try inner.account(id: id) } }
    func lockAccount(id: String) throws -> Account? { try run { try inner.lockAccount(id: id) } }
    func listAccounts() throws -> [Account] { try run { try inner.listAccounts() } }
    func listAccounts(after: String?, limit: Int) throws -> [Account] {
        try run { try inner.listAccounts(after: after, limit: limit) }
    }
    func account(email: String) throws -> Account? { try run { try inner.account(email: email) } }
    func updateAccount(_ account: Account) throws { try run { try inner.updateAccount(account) } }
    func insertIdentity(_ identity: LinkedIdentity) throws { try run { try inner.insertIdentity(identity) } }
    func identity(provider: LinkedIdentity.Provider, subject: String) throws -> LinkedIdentity? {
        try run { try inner.identity(provider: provider, subject: subject) }
    }
    func identities(accountID: String) throws -> [LinkedIdentity] {
        try run { try inner.identities(accountID: accountID) }
    }
    func updateIdentity(_ identity: LinkedIdentity) throws { try run { try inner.updateIdentity(identity) } }
    func deleteIdentity(id: String) throws -> Bool { try run { try inner.deleteIdentity(id: id) } }
    func setPasswordHash(_ hash: String, accountID: String) throws {
        try run { try inner.setPasswordHash(hash, accountID: accountID) }
    }
    func passwordHash(accountID: String) throws -> String? {
        try run { try inner.passwordHash(accountID: accountID) }
    }
    func saveThirdPartyToken(_ token: ThirdPartyToken) throws {
        try run { try inner.saveThirdPartyToken(token) }
    }
    func thirdPartyTokens(accountID: String) throws -> [ThirdPartyToken] {
        try run { try inner.thirdPartyTokens(accountID: accountID) }
    }
    func insertPendingRevocation(_ revocation: PendingRevocation) throws {
        try run { try inner.insertPendingRevocation(revocation) }
    }
    func duePendingRevocations(at time: Date) throws -> [PendingRevocation] {
        try run { try inner.duePendingRevocations(at: time) }
    }
    func updatePendingRevocation(_ revocation: PendingRevocation) throws {
        try run { try inner.updatePendingRevocation(revocation) }
    }
    func deletePendingRevocation(id: String) throws { try run { try inner.deletePendingRevocation(id: id) } }
    func eraseAccount(id: String, at time: Date) throws -> Bool {
        try run { try inner.eraseAccount(id: id, at: time) }
    }
    func insertGrant(_ grant: Grant) throws { try run { try inner.insertGrant(grant) } }
    func grant(id: String) throws -> Grant? { try run { try inner.grant(id: id) } }
    func activeGrants(accountID: String) throws -> [Grant] {
        try run { try inner.activeGrants(accountID: accountID) }
    }
    func activeGrant(accountID: String, clientID: String) throws -> Grant? {
        try run { try inner.activeGrant(accountID: accountID, clientID: clientID) }
    }
    func updateGrantScope(id: String, scope: [String]) throws {
        try run { try inner.updateGrantScope(id: id, scope: scope) }
    }
    func revokeGrant(id: String, at time: Date) throws -> Bool {
        try run { try inner.revokeGrant(id: id, at: time) }
    }
    func insertCode(_ code: AuthorizationCode) throws { try run { try inner.insertCode(code) } }
    func consumeCode(hash: String, at time: Date) throws -> CodeConsumption {
        try run { try inner.consumeCode(hash: hash, at: time) }
    }
    func insertToken(_ token: TokenRecord) throws { try run { try inner.insertToken(token) } }
    func insertTokens(_ tokens: some Sequence<TokenRecord>) throws { try run { try inner.insertTokens(tokens) } }
    func liveToken(hash: String, at now: Date) throws -> LiveToken? {
        try run { try inner.liveToken(hash: hash, at: now) }
    }
    func insertToken(_ token: TokenRecord, whileLive refreshHash: String, at now: Date) async throws -> Bool {
        fail.record(#function)
        try fail.beforeConditionalInsert.withLock { $0 }?()
        fail.conditionalInserts.withLock { $0.append(token) }
        try fail.check()
        return try await inner.insertToken(token, whileLive: refreshHash, at: now)
    }
    func token(hash: String) throws -> TokenRecord? { try run { try inner.token(hash: hash) } }
    func markRotated(hash: String, at time: Date) throws -> Bool {
        try run { try inner.markRotated(hash: hash, at: time) }
    }
    func revokeToken(hash: String, at time: Date) throws -> Bool {
        try run { try inner.revokeToken(hash: hash, at: time) }
    }
    func purgeExpired(before time: Date) throws -> Int { try run { try inner.purgeExpired(before: time) } }
    func insertSession(_ session: Session) throws { try run { try inner.insertSession(session) } }
    func session(hash: String) throws -> Session? { try run { try inner.session(hash: hash) } }
    func deleteSession(hash: String) throws { try run { try inner.deleteSession(hash: hash) } }
    func deleteSessions(accountID: String) throws {
        try run { try inner.deleteSessions(accountID: accountID) }
    }
    func insertInteraction(_ interaction: Interaction) throws {
        try run { try inner.insertInteraction(interaction) }
    }
    func interaction(id: String) throws -> Interaction? { try run { try inner.interaction(id: id) } }
    func updateInteraction(_ interaction: Interaction) throws {
        try run { try inner.updateInteraction(interaction) }
    }
    func deleteInteraction(id: String) throws { try run { try inner.deleteInteraction(id: id) } }
    func insertSigningKey(_ key: StoredSigningKey) throws { try run { try inner.insertSigningKey(key) } }
    func signingKeys() throws -> [StoredSigningKey] { try run { try inner.signingKeys() } }
    func updateSigningKey(_ key: StoredSigningKey) throws { try run { try inner.updateSigningKey(key) } }
    func recordNotification(jti: String, at time: Date) throws -> Bool {
        try run { try inner.recordNotification(jti: jti, at: time) }
    }
    func appendAudit(_ event: AuditEvent) throws { try run { try inner.appendAudit(event) } }
    func auditEvents(limit: Int) throws -> [AuditEvent] { try run { try inner.auditEvents(limit: limit) } }
    func auditEvents(accountID: String?, after: Date?, limit: Int) throws -> [AuditEvent] {
        try run { try inner.auditEvents(accountID: accountID, after: after, limit: limit) }
    }
}

extension FailingStorage {
    func insertOneTimeToken(_ token: OneTimeToken) throws { try run { try inner.insertOneTimeToken(token) } }
    func oneTimeToken(hash: String) throws -> OneTimeToken? { try run { try inner.oneTimeToken(hash: hash) } }
    func consumeOneTimeToken(hash: String, at time: Date) throws -> OneTimeTokenConsumption {
        try run { try inner.consumeOneTimeToken(hash: hash, at: time) }
    }
    func invalidateOneTimeTokens(accountID: String, purpose: OneTimeToken.Purpose, at time: Date) throws -> Int {
        try run { try inner.invalidateOneTimeTokens(accountID: accountID, purpose: purpose, at: time) }
    }
    func invalidateOneTimeTokens(accountID: String, purposes: Set<OneTimeToken.Purpose>, at time: Date) throws -> Int {
        try run { try inner.invalidateOneTimeTokens(accountID: accountID, purposes: purposes, at: time) }
    }
}
