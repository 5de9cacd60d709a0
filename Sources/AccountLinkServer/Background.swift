import Foundation
import Identity
import OAuthCore

extension AccountLinkApp {
    /// Periodic upkeep: purge expired codes, tokens, sessions and interactions; retry provider
    /// revocations that could not be delivered. Returns the task so `serve` can cancel it.
    public func startBackgroundWork(every seconds: UInt64 = 60) -> Task<Void, Never> {
        Task.detached { [runtime] in
            while !Task.isCancelled {
                do {
                    // Rotations made by `accountlink keys rotate` or another instance.
                    try runtime.keyRing.refresh()
                    let purged = try runtime.storage.purgeExpired(before: runtime.clock.now())
                    if purged > 0 { runtime.logger.info("purged expired records", ["count": String(purged)]) }
                    _ = try await runtime.deletion.retryDue()
                } catch {
                    runtime.logger.error("background upkeep failed", ["error": "\(error)"])
                }
                try? await Task.sleep(nanoseconds: seconds * 1_000_000_000)
            }
        }
    }
}
