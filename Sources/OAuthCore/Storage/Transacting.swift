/// A store that can group its calls in one transaction. `body` gets a view of the same type as the
/// store it was called on, so a flow that names a narrow store (a composition of the small protocols,
/// e.g. Identity's `PasswordResetFlow.Store`) keeps that narrow type inside its transaction: called on
/// `any AccountStore & AuditStore & Transacting`, the view is `any AccountStore & AuditStore & Transacting`.
/// Every implementation is one real database transaction (docs/architecture.md rule 6).
public protocol Transacting: Sendable {
    /// Runs `body` against a view of the store in one transaction: commits when it returns, rolls
    /// back everything it wrote when it throws. Calls on the view inside `body` do not lock again; a
    /// transaction begun on a view joins the one it is in.
    func transaction<T>(_ body: (Self) throws -> T) throws -> T
}
