import AccountLinkServer
import Foundation
import OAuthCore
import Testing

extension AgainstTheServer {
    /// The server's periodic upkeep (`AccountLinkApp.startBackgroundWork`), wired as `serve` wires it.
    /// This target runs the real server in-process, so the wiring is tested here.
    @Suite(.timeLimit(.minutes(2))) struct ServerUpkeepTests {
        /// Old login-throttle entries are purged with the expired records (they once grew without bound).
        @Test func upkeepPurgesOldThrottleEntries() async throws {
            try await withServer { server in
                let storage = server.app.runtime.storage
                let policy = LoginThrottlePolicy()
                let old = Date().addingTimeInterval(-2 * policy.maximumDelay)
                #expect(try storage.takeLoginAttempt(keys: ["ip:203.0.113.9"], policy: policy, at: old))
                #expect(try storage.takeLoginAttempt(keys: ["ip:203.0.113.10"], policy: policy, at: Date()))
                let upkeep = server.app.startBackgroundWork(every: 3600)
                defer { upkeep.cancel() }
                var purged = false
                for _ in 0..<200 where !purged {  // the first round runs at once; poll for it
                    purged = try storage.loginAttempts(key: "ip:203.0.113.9") == nil
                    if !purged { try await Task.sleep(nanoseconds: 50_000_000) }
                }
                #expect(purged)
                #expect(try storage.loginAttempts(key: "ip:203.0.113.10") != nil)  // a recent entry stays
            }
        }
    }
}
