import Foundation
import OAuthCore

/// The suspending reads (TokenPathStore `readLiveToken`, `readClient`; Storage `readPing`) and the plain
/// refresh's write (`insertAccessToken`), recorded and failed as every other call is, under their own
/// names: a test can tell them from the blocking forms (LoopRequestsTests).
extension FailingStorage {
    private func suspending<T>(_ call: String = #function, _ body: () async throws -> T) async throws -> T {
        fail.record(call)
        try fail.check()
        return try await body()
    }

    func readLiveToken(hash: String, at now: Date) async throws -> LiveToken? {
        try await suspending { try await inner.readLiveToken(hash: hash, at: now) }
    }

    func readClient(id: String, liveToken hash: String, at now: Date) async throws -> ClientAndLiveToken {
        try await suspending { try await inner.readClient(id: id, liveToken: hash, at: now) }
    }

    func readClient(id: String) async throws -> Client? {
        try await suspending {
            let client = try await inner.readClient(id: id)
            try fail.afterClientRead.withLock { $0 }?()
            return client
        }
    }

    func readPing() async throws { try await suspending { try await inner.readPing() } }

    /// Recorded, then done as the default does, through this wrapper's own read and conditional insert, so
    /// that their hooks and records still see a refresh.
    func insertAccessToken(
        _ recipe: AccessTokenRecipe, refreshing refreshHash: String, readAhead: LiveToken?, at now: Date
    ) async throws -> LiveToken? {
        try await suspending {
            try await insertAccessTokenDerived(recipe, refreshing: refreshHash, readAhead: readAhead, at: now)
        }
    }
}
