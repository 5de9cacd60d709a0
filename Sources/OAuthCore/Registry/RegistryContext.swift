import Foundation
import Support

/// What the operator's registrations (clients, custom scopes) need, whoever asks (`accountlink client add`,
/// `POST /admin/clients`, …): the store, clock and randomness, the signing keys an ID-token algorithm needs,
/// the client cache that forgets a changed client, and the audit trail. Operations' `Runtime` is one.
public protocol RegistryContext: Sendable {
    /// Composes: where the runtime hands its whole store to the registrations (docs/architecture.md rule 6).
    var store: any Storage { get }
    var clock: any Clock { get }
    var random: any RandomSource { get }
    var keyRing: SigningKeyRing { get }
    var clientCache: ClientCache { get }
    /// Records something for the operator; a failure to audit never fails the action itself.
    func audit(_ kind: AuditKind, accountID: String?, clientID: String?, detail: String)
}
