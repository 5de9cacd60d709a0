import Foundation
import OAuthCore
import Support

/// What a provider event's effects read and write on the transaction that records it (docs/sign-in.md,
/// "Provider events, applied once and in order"): identities and stored provider tokens, the receipts and
/// marks of inbound events, Google's holds, the audit.
public typealias SignedEventStore = AccountStore & AuditStore & InboundEventStore & LifecycleSignalStore & NotificationStore

/// The store a provider event is received on (Apple's notifications, Google's RISC events): what its effects
/// use (`SignedEventStore`) and the account-wide steps they share with other flows (`FirstPartySignOut.Store`,
/// `AccountDeletionService.Store`, which brings `EventOutbox`'s stores), in one transaction (`Transacting`).
public typealias ProviderEventStore = SignedEventStore & FirstPartySignOut.Store & AccountDeletionService.Store

/// The transaction a provider event is recorded and applied in: `store`, the narrow view its effects use,
/// and the account-wide steps they share with other flows (FirstPartySignOut, AccountDeletionService.erase,
/// EventOutbox), which take the whole transaction (`ProviderEventStore`). This is the one place an inbound
/// event holds it whole.
struct InboundTransaction {
    let store: any SignedEventStore
    /// When the event is applied (our clock, not the event's time).
    let now: Date
    let random: any RandomSource
    private let whole: any ProviderEventStore

    init(_ tx: any ProviderEventStore, now: Date, random: any RandomSource) {
        store = tx
        whole = tx
        self.now = now
        self.random = random
    }

    /// Ends the account's web sessions and first-party app grants begun up to `cutoff` (a revocation's
    /// `InboundOrder.cutoff`); answers how many app grants ended.
    func signOut(accountID: String, reason: AccountEvent.RevocationReason, before cutoff: Date) throws -> Int {
        try FirstPartySignOut.run(accountID: accountID, in: whole, at: now, random: random, reason: reason,
                                  before: cutoff)
    }

    /// Erases the account as `AccountDeletionService` does; answers the revocations to attempt after the commit.
    func erase(accountID: String, with deletion: AccountDeletionService) throws -> [PendingRevocation] {
        try deletion.erase(accountID: accountID, in: whole, at: now).pending
    }

    /// `identity.removed` for the maker's systems (docs/webhooks.md).
    func identityRemoved(accountID: String, provider: LinkedIdentity.Provider) throws {
        try EventOutbox.record(AccountEvent(.identityRemoved, accountID: accountID, data: ["type": provider.rawValue]),
                               in: whole, at: now, random: random)
    }

    func audit(_ kind: AuditKind, accountID: String?, detail: String) throws {
        try AuditRecorder(random: random, at: now).record(kind, accountID: accountID, detail: detail, in: store)
    }
}
