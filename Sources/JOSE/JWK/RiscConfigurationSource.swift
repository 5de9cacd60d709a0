import Foundation
import Support

/// Google's RISC discovery document (https://accounts.google.com/.well-known/risc-configuration):
/// the `issuer` of its security event tokens and the `jwks_uri` of their keys
/// (https://developers.google.com/identity/protocols/risc, "Validate the security event token").
/// Cached like the key sets (per `Cache-Control`, the last good document served when a refresh fails,
/// one fetch in flight); the keys come from a `RemoteKeySet` kept per `jwks_uri`.
public actor RiscConfigurationSource {
    public struct Document: Sendable, Equatable {
        public let issuer: String
        public let jwksURI: URL
    }

    public nonisolated let url: URL
    private let clock: any Clock
    private let fetcher: any KeySetFetcher
    private let policy: KeySetCachePolicy
    private let logger: Logger
    private var current: (document: Document, keys: RemoteKeySet, expiresAt: Int64)?
    private var lastAttempt: Int64?
    private var lastFailure: String?
    private let flight = SingleFlight()

    public init(url: URL, clock: any Clock, fetcher: any KeySetFetcher = URLSessionKeySetFetcher(),
                policy: KeySetCachePolicy = KeySetCachePolicy(), logger: Logger = .silent) {
        self.url = url
        self.clock = clock
        self.fetcher = fetcher
        self.policy = policy
        self.logger = logger
    }

    /// The document and the key set its `jwks_uri` names, fetching or refreshing when due.
    public func resolve() async throws(JOSEError) -> (Document, RemoteKeySet) {
        let now = clock.unixTime
        let stale = current.map { now >= $0.expiresAt } ?? true
        if stale, policy.mayFetch(at: now, lastAttempt: lastAttempt, lastFailed: lastFailure != nil, expired: stale,
                                  inFlight: flight.isRunning) {
            await flight.run { await self.fetch() }
        }
        guard let current else {
            throw JOSEError(.keySetUnavailable, "no RISC configuration fetched from \(url.absoluteString): \(lastFailure ?? "pending")")
        }
        return (current.document, current.keys)
    }

    private func fetch() async {
        lastAttempt = clock.unixTime
        do {
            let fetched = try await fetcher.fetch(url)
            let document = try Self.parse(fetched.body)
            let keys = current?.document.jwksURI == document.jwksURI ? current!.keys
                : RemoteKeySet(url: document.jwksURI, clock: clock, fetcher: fetcher, policy: policy, logger: logger)
            current = (document, keys, clock.unixTime + policy.lifetime(cacheControl: fetched.cacheControl))
            lastFailure = nil
        } catch {
            lastFailure = "\(error)"
            logger.warning("risc configuration fetch failed", ["jose.risc.url": url.absoluteString, "error": "\(error)"])
        }
    }

    /// `issuer` (non-empty) and `jwks_uri` (https, or http on a loopback host for stand-ins).
    static func parse(_ body: [UInt8]) throws(JOSEError) -> Document {
        let object = try JSONParser.parseObject(body, what: "the RISC configuration")
        guard let issuer = object["issuer"]?.stringValue, !issuer.isEmpty else {
            throw JOSEError(.keySetUnavailable, "the RISC configuration has no \"issuer\"")
        }
        guard let text = object["jwks_uri"]?.stringValue, let jwks = URL(string: text), let host = jwks.host,
            jwks.scheme == "https" || (jwks.scheme == "http" && (host == "localhost" || host.hasPrefix("127.")))
        else { throw JOSEError(.keySetUnavailable, "the RISC configuration has no usable https \"jwks_uri\"") }
        return Document(issuer: issuer, jwksURI: jwks)
    }
}
