import Mail
import OAuthCore

/// Everything AccountLink keeps: OAuthCore's `Storage` with the records of the modules that own them,
/// Mail's outbox (`OutboxStore`) and Identity's Apple transfers (`AppleTransferStore`). Only where a store
/// is composed names it: the server's wiring and the CLI, StoreConformance, the store implementations.
/// A flow names the composition of the small protocols it uses (its `Store`, e.g. `PasswordResetFlow.Store`);
/// its transaction hands on that same composition (`Transacting`).
public protocol AccountLinkStorage: Storage, OutboxStore, AppleTransferStore {}
