import Foundation

/// What OAuthCore keeps. Implementations: StoreMemory (reference), StoreSQLite, StorePostgres;
/// all pass the one suite in StoreConformance. Every method is atomic on its own; `transaction`
/// (Transacting) groups several so that either all of them happen or none (docs/architecture.md rule 6).
///
/// Identity's `AccountLinkStorage` adds the records of Mail and Identity
/// (the mail outbox, Apple transfers). A flow never takes the whole hub: it names the
/// composition of the small protocols it uses (its `Store`), so the whole hub is named only where a store
/// is composed (the server's wiring, `OAuthEnvironment`, StoreConformance, the store implementations).
public protocol Storage: Transacting, ClientStore, AccountStore, GrantStore, TokenStore, SessionStore, InteractionStore,
    SigningKeyStore, NotificationStore, AuditStore, AuditQueryStore, LifecycleSignalStore, LoginAttemptStore,
    RefreshLineageStore, InteractionTakeStore, OneTimeTokenStore, PasswordRemovalStore,
    RefreshHistoryStore, TokenBulkStore, TokenPathStore, PasskeyStore, ScopeStore, SignInListStore, EventOutboxStore,
    InboundEventStore, HealthProbe, Sendable
{
    /// Cheap round trip to the database, for `/healthz` (`HealthProbe.readPing`, whose default it is).
    func ping() throws
}

public protocol ClientStore {
    /// Throws `.conflict` when the id exists.
    func insertClient(_ client: Client) throws
    func client(id: String) throws -> Client?
    /// Sorted by id.
    func listClients() throws -> [Client]
    /// Replaces every field of the stored client of `client.id` but its id, secret hash and creation
    /// time; its grants, codes and tokens stay valid. False if absent.
    func updateClient(_ client: Client) throws -> Bool
    /// Removes the client and revokes every grant (and so every code and token) it held. False if absent.
    func deleteClient(id: String, at time: Date) throws -> Bool
}

public protocol AccountStore {
    /// Throws `.conflict` when the id exists.
    func insertAccount(_ account: Account) throws
    func account(id: String) throws -> Account?
    /// Accounts that are not deleted, oldest first.
    func listAccounts() throws -> [Account]
    /// At most `limit` accounts that are not deleted, ordered by id, each with an id after `after` (all
    /// when nil): a page of `GET /admin/users`.
    func listAccounts(after: String?, limit: Int) throws -> [Account]
    /// The non-deleted account whose email equals `email` case-insensitively, if any.
    func account(email: String) throws -> Account?
    func updateAccount(_ account: Account) throws
    /// `account(id:)`, and inside a transaction the account's row locked until it ends: another
    /// transaction that locks the same account waits for it, then reads what it left. For a check and a
    /// change that must not interleave with another of the same account (removing sign-in methods).
    /// A store that runs its transactions one at a time (SQLite, memory) needs no lock.
    func lockAccount(id: String) throws -> Account?

    /// Throws `.conflict` when (provider, subject) is taken.
    func insertIdentity(_ identity: LinkedIdentity) throws
    func identity(provider: LinkedIdentity.Provider, subject: String) throws -> LinkedIdentity?
    func identities(accountID: String) throws -> [LinkedIdentity]
    func updateIdentity(_ identity: LinkedIdentity) throws
    /// Also deletes the identity's third-party token. False if absent.
    func deleteIdentity(id: String) throws -> Bool

    /// Sets or replaces the Argon2id hash of the account's password.
    func setPasswordHash(_ hash: String, accountID: String) throws
    func passwordHash(accountID: String) throws -> String?

    /// Inserts or replaces the token stored for that identity.
    func saveThirdPartyToken(_ token: ThirdPartyToken) throws
    func thirdPartyTokens(accountID: String) throws -> [ThirdPartyToken]

    func insertPendingRevocation(_ revocation: PendingRevocation) throws
    /// Those whose `nextAttemptAt` is at or before `time`.
    func duePendingRevocations(at time: Date) throws -> [PendingRevocation]
    func updatePendingRevocation(_ revocation: PendingRevocation) throws
    func deletePendingRevocation(id: String) throws

    /// Account deletion, atomically: status `deleted`, email and name erased, every identity, password,
    /// third-party token, session, one-time token and outbox mail removed, every grant revoked with its
    /// codes and tokens.
    /// False if the account does not exist or was already deleted.
    func eraseAccount(id: String, at time: Date) throws -> Bool
}

public protocol GrantStore {
    func insertGrant(_ grant: Grant) throws
    func grant(id: String) throws -> Grant?
    /// Active (unrevoked) grants of an account, oldest first.
    func activeGrants(accountID: String) throws -> [Grant]
    /// The active grant of this account to this client, if any.
    func activeGrant(accountID: String, clientID: String) throws -> Grant?
    /// Replaces the scope of a grant (consent to more scopes).
    func updateGrantScope(id: String, scope: [String]) throws
    /// Revokes the grant and, in the same transaction, every code, access and refresh token issued
    /// under it. False if it was absent or already revoked.
    func revokeGrant(id: String, at time: Date) throws -> Bool
}

/// The outcome of presenting an authorization code.
public enum CodeConsumption: Sendable, Equatable {
    /// First presentation: the code is now marked used.
    case consumed(AuthorizationCode)
    /// The code had been used before (RFC 6749 §4.1.2: revoke what it issued).
    case alreadyUsed(AuthorizationCode)
    case notFound
}

public protocol TokenStore {
    func insertCode(_ code: AuthorizationCode) throws
    /// Atomically marks the code used; of concurrent callers exactly one gets `.consumed`.
    /// Expiry is the caller's check (the record is returned either way).
    func consumeCode(hash: String, at time: Date) throws -> CodeConsumption

    func insertToken(_ token: TokenRecord) throws
    func token(hash: String) throws -> TokenRecord?
    /// Atomically sets `rotatedAt` if it was unset; true for the caller that set it.
    func markRotated(hash: String, at time: Date) throws -> Bool
    /// Revokes one token. False if absent or already revoked.
    func revokeToken(hash: String, at time: Date) throws -> Bool
    /// Deletes codes, access tokens, sessions/interactions and one-time tokens that expired before `time`
    /// (refresh tokens without expiry stay). Returns how many rows went.
    func purgeExpired(before time: Date) throws -> Int
}

public protocol SessionStore {
    func insertSession(_ session: Session) throws
    func session(hash: String) throws -> Session?
    func deleteSession(hash: String) throws
    func deleteSessions(accountID: String) throws
}

public protocol InteractionStore {
    func insertInteraction(_ interaction: Interaction) throws
    func interaction(id: String) throws -> Interaction?
    func updateInteraction(_ interaction: Interaction) throws
    func deleteInteraction(id: String) throws
}

public protocol SigningKeyStore {
    func insertSigningKey(_ key: StoredSigningKey) throws
    /// All keys, newest first.
    func signingKeys() throws -> [StoredSigningKey]
    func updateSigningKey(_ key: StoredSigningKey) throws
}

public protocol NotificationStore {
    /// Records an Apple notification `jti`; true when it was new, false for a replay. Atomic.
    func recordNotification(jti: String, at time: Date) throws -> Bool
}

public protocol AuditStore {
    func appendAudit(_ event: AuditEvent) throws
    /// Newest first.
    func auditEvents(limit: Int) throws -> [AuditEvent]
}

extension Storage {
    public func readPing() async throws { try ping() }
}
