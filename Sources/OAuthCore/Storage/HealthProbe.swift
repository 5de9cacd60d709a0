/// `/healthz`'s one question to the store: can it reach its database? `Storage` refines it, so the health
/// route is given only this.
public protocol HealthProbe: Sendable {
    /// A cheap round trip to the database for a caller that can wait suspended (`/healthz`'s handler), as
    /// `TokenPathStore.readLiveToken`. `Storage`'s default is its `ping()`.
    func readPing() async throws
}
