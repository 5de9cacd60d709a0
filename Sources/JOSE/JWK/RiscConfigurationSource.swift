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
    private let cache: CachedRemoteDocument<Document>
    /// The key set of the document's `jwks_uri`, kept while the document names the same one.
    private var keys: RemoteKeySet?

    public init(url: URL, clock: any Clock, fetcher: any KeySetFetcher = URLSessionKeySetFetcher(),
                policy: KeySetCachePolicy = KeySetCachePolicy(), logger: Logger = .silent) {
        (self.url, self.clock, self.fetcher, self.policy, self.logger) = (url, clock, fetcher, policy, logger)
        cache = CachedRemoteDocument(
            url: url, clock: clock, fetcher: fetcher, policy: policy,
            decode: { body in try RiscConfigurationSource.parse(body) }, fetched: { _, _ in },
            failed: { error, _ in
                let fields = ["jose.risc.url": url.absoluteString, "error": "\(error)"]
                logger.warning("risc configuration fetch failed", fields)
            })
    }

    /// The document and the key set its `jwks_uri` names, fetching or refreshing when due.
    public func resolve() async throws(JOSEError) -> (Document, RemoteKeySet) {
        guard let document = await cache.document(refreshingWhen: { _, expired in expired }) else {
            let cause = await cache.lastFailure ?? "pending"
            throw JOSEError(
                .keySetUnavailable, "no RISC configuration fetched from \(url.absoluteString): \(cause)")
        }
        if let keys, keys.url == document.jwksURI { return (document, keys) }
        let fresh = RemoteKeySet(
            url: document.jwksURI, clock: clock, fetcher: fetcher, policy: policy, logger: logger)
        keys = fresh
        return (document, fresh)
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
