import Foundation
import Support

/// The one fetch-and-cache cycle of a provider's published document: a JWK Set (`RemoteKeySet`) and
/// Google's RISC configuration (`RiscConfigurationSource`). Cached per `Cache-Control`
/// (`KeySetCachePolicy.lifetime`); one fetch in flight, concurrent callers wait for it (`SingleFlight`);
/// refetched as `KeySetCachePolicy.mayFetch` allows; when a refresh fails the last good document is kept
/// and the failure remembered. The owner says how to read the body and what to log.
actor CachedRemoteDocument<Document: Sendable> {
    typealias Decode = @Sendable (_ body: [UInt8]) throws -> Document
    typealias Fetched = @Sendable (_ document: Document, _ lifetime: Int64) -> Void
    typealias Failed = @Sendable (_ error: any Error, _ hadDocument: Bool) -> Void

    let url: URL
    private let clock: any Clock
    private let fetcher: any KeySetFetcher
    private let policy: KeySetCachePolicy
    private let decode: Decode
    private let fetched: Fetched
    private let failed: Failed
    private var current: (document: Document, expiresAt: Int64)?
    private var lastAttempt: Int64?
    /// Why the last fetch failed (the error's description); nil once one succeeds.
    private(set) var lastFailure: String?
    private(set) var fetchCount = 0
    private let flight = SingleFlight()

    init(url: URL, clock: any Clock, fetcher: any KeySetFetcher, policy: KeySetCachePolicy,
         decode: @escaping Decode, fetched: @escaping Fetched, failed: @escaping Failed) {
        (self.url, self.clock, self.fetcher, self.policy) = (url, clock, fetcher, policy)
        (self.decode, self.fetched, self.failed) = (decode, fetched, failed)
    }

    /// The document held, after a fetch (or the one in flight) when none is held or `due` says so for the
    /// one held (`expired`: its lifetime is over), and the policy allows; nil while none was ever fetched.
    func document(refreshingWhen due: @Sendable (Document, _ expired: Bool) -> Bool) async -> Document? {
        let now = clock.unixTime
        let expired = current.map { now >= $0.expiresAt } ?? true
        let wanted = current.map { due($0.document, expired) } ?? true
        if wanted, policy.mayFetch(at: now, lastAttempt: lastAttempt, lastFailed: lastFailure != nil,
                                   expired: expired, inFlight: flight.isRunning) {
            await flight.run { await self.fetch() }
        }
        return current?.document
    }

    /// Never throws: a failure is remembered and reported, the last good document kept.
    private func fetch() async {
        lastAttempt = clock.unixTime
        fetchCount += 1
        do {
            let answer = try await fetcher.fetch(url)
            let document = try decode(answer.body)
            let lifetime = policy.lifetime(cacheControl: answer.cacheControl)
            current = (document, clock.unixTime + lifetime)
            lastFailure = nil
            fetched(document, lifetime)
        } catch {
            lastFailure = "\(error)"
            failed(error, current != nil)
        }
    }
}
