/// How long a fetched key set is trusted, and how often an unknown `kid` may trigger a refetch.
public struct KeySetCachePolicy: Sendable {
    public var minimumLifetime: Int64 = 60
    public var maximumLifetime: Int64 = 24 * 3600
    /// Used when the response has no usable `max-age` (Apple's key endpoint sends none).
    public var defaultLifetime: Int64 = 15 * 60
    /// An unknown `kid`, or a failed fetch, triggers at most one fetch per this interval.
    public var minimumRefetchInterval: Int64 = 30

    public init() {}

    /// RFC 9111 §5.2.2.1 `max-age`, clamped to [minimum, maximum]; `no-store`/`no-cache` mean minimum.
    public func lifetime(cacheControl: String?) -> Int64 {
        guard let cacheControl else { return defaultLifetime }
        var maxAge: Int64?
        for directive in cacheControl.lowercased().split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            switch parts[0] {
            case "no-store", "no-cache": return minimumLifetime
            case "max-age" where parts.count == 2: maxAge = Int64(parts[1].trimmingCharacters(in: ["\""]))
            default: continue
            }
        }
        guard let maxAge else { return defaultLifetime }
        return min(max(maxAge, minimumLifetime), maximumLifetime)
    }
}

extension KeySetCachePolicy {
    /// The one refetch rule of a cached provider document (a key set, the RISC configuration): join a fetch
    /// in flight; fetch when none was tried yet or the last try is `minimumRefetchInterval` old; within that
    /// interval, fetch again only an expired document whose last fetch succeeded (so a failing provider is
    /// asked at most once per interval, and the last good document keeps being served).
    func mayFetch(at now: Int64, lastAttempt: Int64?, lastFailed: Bool, expired: Bool, inFlight: Bool) -> Bool {
        if inFlight { return true }
        guard let lastAttempt else { return true }
        return now - lastAttempt >= minimumRefetchInterval || (expired && !lastFailed)
    }
}
