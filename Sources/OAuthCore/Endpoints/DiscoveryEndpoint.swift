import Support
import Synchronization

/// `GET /.well-known/openid-configuration` and `/.well-known/oauth-authorization-server` (OIDC Discovery §3,
/// RFC 8414 §3): the document lists the algorithms of the published signing keys and the operator's custom
/// scopes as they are now (`keys rotate --es256`, `scope add` count at once), and is rendered again only
/// when one of them changed.
public final class DiscoveryEndpoint: Sendable {
    let environment: OAuthEnvironment
    let keyRing: SigningKeyRing
    private let rendered = Mutex<(key: [String], response: EndpointResponse)?>(nil)

    public init(environment: OAuthEnvironment, keyRing: SigningKeyRing) {
        self.environment = environment
        self.keyRing = keyRing
    }

    public func handle() -> EndpointResponse {
        let published = (try? keyRing.current().published.map(\.algorithm.rawValue)) ?? ["RS256"]
        var algorithms: [String] = []
        for name in published where !algorithms.containsBytes(name) { algorithms.append(name) }
        let custom = (try? environment.customScopes()) ?? []
        let key = algorithms + [""] + custom.map(\.name)
        if let last = rendered.withLock({ $0 }), last.key.elementsEqual(key, by: { $0.sameBytes($1) }) {
            return last.response
        }
        let response = DiscoveryDocument.response(environment.configuration, signingAlgorithms: algorithms, custom: custom)
        rendered.withLock { $0 = (key, response) }
        return response
    }
}
