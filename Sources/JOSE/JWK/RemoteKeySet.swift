import Foundation
import Support

/// A provider's published JWK Set (Apple `/auth/keys`, Google `oauth2/v3/certs`), cached per
/// `Cache-Control` and refreshed without stampedes (`CachedRemoteDocument`):
/// - one fetch in flight; concurrent callers wait for it;
/// - an unknown `kid` refetches at most once per `minimumRefetchInterval` (keys rotate);
/// - when a refresh fails, the last good set keeps being served;
/// - when no set was ever fetched, lookups fail with `.keySetUnavailable` and the cause.
public actor RemoteKeySet {
    public nonisolated let url: URL
    private let cache: CachedRemoteDocument<VerificationKeySet>

    public init(url: URL, clock: any Clock, fetcher: any KeySetFetcher = URLSessionKeySetFetcher(),
                policy: KeySetCachePolicy = KeySetCachePolicy(), logger: Logger = .silent) {
        self.url = url
        cache = CachedRemoteDocument(
            url: url, clock: clock, fetcher: fetcher, policy: policy,
            decode: { body in
                let set = try JWKSet(json: body).verificationKeys()
                guard !set.isEmpty else {
                    throw JOSEError(.keySetUnavailable, "the key set holds no usable key")
                }
                return set
            },
            fetched: { set, lifetime in
                logger.info("key set fetched", [
                    "jose.keyset.url": url.absoluteString, "jose.keyset.lifetime_s": String(lifetime),
                    "jose.keyset.kids": set.keyIDs.sorted().joined(separator: ","),
                ])
            },
            failed: { error, hadSet in
                let message = hadSet ? "key set refresh failed; serving the last good set"
                                     : "key set fetch failed; no keys available"
                logger.warning(message, ["jose.keyset.url": url.absoluteString, "error": "\(error)"])
            })
    }

    /// How many fetches were started.
    public var fetchCount: Int { get async { await cache.fetchCount } }

    /// The key for `kid`, fetching or refreshing the set when needed.
    public func key(for kid: String) async throws(JOSEError) -> any JWSVerificationKey {
        let held = await cache.document(refreshingWhen: { keys, expired in expired || keys[kid] == nil })
        guard let keys = held else { throw await unavailable(pending: "a fetch is pending") }
        guard let key = keys[kid] else {
            throw JOSEError(.unknownKey, "no key with kid \"\(kid)\" is published at \(url.absoluteString)")
        }
        return key
    }

    /// All keys currently held (after fetching if none were), for callers that list them.
    public func keys() async throws(JOSEError) -> VerificationKeySet {
        guard let keys = await cache.document(refreshingWhen: { _, _ in false }) else {
            throw await unavailable(pending: "")
        }
        return keys
    }

    /// No set was ever fetched: why (the last failure), or `pending` when none failed yet.
    private func unavailable(pending: String) async -> JOSEError {
        let address = url.absoluteString
        let cause = await cache.lastFailure.map { "fetching \(address) failed: \($0)" } ?? pending
        return JOSEError(.keySetUnavailable, "no key set has been fetched from \(address) yet: \(cause)")
    }
}
