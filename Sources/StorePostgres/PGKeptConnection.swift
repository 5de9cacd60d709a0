import OAuthCore

/// A connection one thread keeps for itself outside the pool (the group commit's writer, PGInsertBatch):
/// opened on first use and opened anew when it was lost, so what `open` set for the session holds on every
/// connection it hands out (a reset one would have lost it). Only its thread calls `with`.
final class PGKeptConnection: @unchecked Sendable {
    // @unchecked: `connection` is touched only by the one thread that calls `with`.
    private let open: () throws -> PGConnection
    private var connection: PGConnection?

    init(open: @escaping () throws -> PGConnection) { self.open = open }

    /// `body` on the kept connection; `.unavailable` when it was lost and cannot be opened again.
    func with<T>(_ body: (PGConnection) throws -> T) throws -> T {
        if let kept = connection, !kept.isHealthy { connection = nil }
        let kept = try connection ?? open()
        connection = kept
        kept.rollBackLeftover()
        return try body(kept)
    }
}
