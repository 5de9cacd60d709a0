import Foundation
import Synchronization

/// Every client's web origins, for CORS (the server's CrossOriginMiddleware), read from the store at most
/// once per `lifetime` (as the client cache: `ACCOUNTLINK_CLIENT_CACHE_SECONDS`; a client registered
/// elsewhere is seen within it).
public final class WebOrigins: Sendable {
    private let environment: OAuthEnvironment
    private let lifetime: Duration
    private let cached = Mutex<(origins: Set<[UInt8]>, expires: ContinuousClock.Instant)?>(nil)

    public init(environment: OAuthEnvironment, seconds: Int) {
        self.environment = environment
        lifetime = .seconds(max(0, seconds))
    }

    /// An origin is allowed when a registered client lists it (`ClientRules.checkedWebOrigins`), byte for byte.
    public func allows(_ origin: String) async -> Bool {
        let now = ContinuousClock.now
        if let hit = cached.withLock({ $0 }), hit.expires > now { return hit.origins.contains(Array(origin.utf8)) }
        let clients = (try? await environment.blocking { try environment.storage.listClients() }) ?? []
        let origins = Set(clients.flatMap(\.webOrigins).map { Array($0.utf8) })
        cached.withLock { $0 = (origins, now + lifetime) }
        return origins.contains(Array(origin.utf8))
    }
}
