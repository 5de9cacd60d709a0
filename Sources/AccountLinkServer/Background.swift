import Foundation
import Identity
import OAuthCore

extension AccountLinkApp {
    /// Periodic upkeep: purge expired codes, tokens, sessions and interactions, and rotated refresh
    /// tokens and their lineage past the reuse window (RefreshHistoryStore); retry provider
    /// revocations that could not be delivered. Returns the task so `serve` can cancel it.
    public func startBackgroundWork(every seconds: UInt64 = 60) -> Task<Void, Never> {
        // On the store's own threads (StoreThreads.swift): the purge blocks on the database.
        Task.detached(executorPreference: runtime.storeRuntime.blockingExecutor) { [runtime, environment] in
            while !Task.isCancelled {
                do {
                    // Rotations made by `accountlink keys rotate` or another instance.
                    try runtime.keyRing.refresh()
                    let now = runtime.clock.now()
                    let reuseWindow = TimeInterval(runtime.configuration.refreshReuseWindow)
                    // OAuthCore's purge: expired records and the login throttle's old entries.
                    let purged = try purgeExpired(now: now, environment: environment)
                        + runtime.storage.purgeRefreshHistory(before: now.addingTimeInterval(-reuseWindow))
                    if purged > 0 { runtime.logger.info("purged expired records", numbers: ["count": Double(purged)]) }
                    _ = try await runtime.deletion.retryDue()
                } catch {
                    runtime.logger.error("background upkeep failed", ["error": "\(error)"])
                }
                try? await Task.sleep(nanoseconds: seconds * 1_000_000_000)
            }
        }
    }
}
