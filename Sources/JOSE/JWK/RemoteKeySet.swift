import Foundation
import Support

/// A provider's published JWK Set (Apple `/auth/keys`, Google `oauth2/v3/certs`), cached per
/// `Cache-Control` and refreshed without stampedes:
/// - one fetch in flight; concurrent callers wait for it;
/// - an unknown `kid` refetches at most once per `minimumRefetchInterval` (keys rotate);
/// - when a refresh fails, the last good set keeps being served;
/// - when no set was ever fetched, lookups fail with `.keySetUnavailable` and the cause.
public actor RemoteKeySet {
    private struct Snapshot {
        let keys: VerificationKeySet
        let expiresAt: Int64
    }

    public nonisolated let url: URL
    private let clock: any Clock
    private let fetcher: any KeySetFetcher
    private let policy: KeySetCachePolicy
    private let logger: Logger
    private var current: Snapshot?
    private var lastAttempt: Int64?
    private var lastFailure: String?
    private let flight = SingleFlight()
    public private(set) var fetchCount = 0

    public init(url: URL, clock: any Clock, fetcher: any KeySetFetcher = URLSessionKeySetFetcher(),
                policy: KeySetCachePolicy = KeySetCachePolicy(), logger: Logger = .silent) {
        self.url = url
        self.clock = clock
        self.fetcher = fetcher
        self.policy = policy
        self.logger = logger
    }

    /// The key for `kid`, fetching or refreshing the set when needed.
    public func key(for kid: String) async throws(JOSEError) -> any JWSVerificationKey {
        let now = clock.unixTime
        let fresh = current.map { now < $0.expiresAt } ?? false
        if !fresh || current?.keys[kid] == nil, mayFetch(at: now) {
            await refresh()
        }
        guard let current else {
            throw JOSEError(.keySetUnavailable,
                            "no key set has been fetched from \(url.absoluteString) yet: \(lastFailure ?? "a fetch is pending")")
        }
        guard let key = current.keys[kid] else {
            throw JOSEError(.unknownKey, "no key with kid \"\(kid)\" is published at \(url.absoluteString)")
        }
        return key
    }

    /// All keys currently held (after fetching if none were), for callers that list them.
    public func keys() async throws(JOSEError) -> VerificationKeySet {
        if current == nil, mayFetch(at: clock.unixTime) { await refresh() }
        guard let current else {
            throw JOSEError(.keySetUnavailable, "no key set has been fetched from \(url.absoluteString) yet: \(lastFailure ?? "")")
        }
        return current.keys
    }

    private func mayFetch(at now: Int64) -> Bool {
        policy.mayFetch(at: now, lastAttempt: lastAttempt, lastFailed: lastFailure != nil,
                        expired: current.map { now >= $0.expiresAt } ?? true, inFlight: flight.isRunning)
    }

    /// Joins the fetch in flight or starts one; never throws (failures are remembered).
    private func refresh() async {
        await flight.run { await self.performFetch() }
    }

    private func performFetch() async {
        lastAttempt = clock.unixTime
        fetchCount += 1
        do {
            let fetched = try await fetcher.fetch(url)
            let set = try JWKSet(json: fetched.body).verificationKeys()
            guard !set.isEmpty else { throw JOSEError(.keySetUnavailable, "the key set holds no usable key") }
            let lifetime = policy.lifetime(cacheControl: fetched.cacheControl)
            current = Snapshot(keys: set, expiresAt: clock.unixTime + lifetime)
            lastFailure = nil
            logger.info("key set fetched", [
                "jose.keyset.url": url.absoluteString, "jose.keyset.lifetime_s": String(lifetime),
                "jose.keyset.kids": set.keyIDs.sorted().joined(separator: ","),
            ])
        } catch {
            lastFailure = "fetching \(url.absoluteString) failed: \(error)"
            let message = current == nil ? "key set fetch failed; no keys available"
                                         : "key set refresh failed; serving the last good set"
            logger.warning(message, ["jose.keyset.url": url.absoluteString, "error": "\(error)"])
        }
    }
}
