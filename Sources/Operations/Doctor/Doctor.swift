import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `accountlink doctor`: checks a deployment against what Google's and Apple's guides require of a
/// production server (docs/google-home-linking.md, docs/sign-in.md, docs/operations.md) and says how to fix
/// each problem. The configuration and database are read directly; the public documents are fetched from
/// the issuer, as Google and Apple fetch them.
public struct Doctor: Sendable {
    public struct Finding: Sendable, Codable, Equatable {
        public let check: String
        public let ok: Bool
        public let message: String
        /// What to do; empty when the check passed.
        public let fix: String
    }

    let runtime: Runtime
    /// How long each fetch from the issuer may take.
    let timeout: TimeInterval
    /// Where to reach the server instead of the issuer (`--via`, e.g. from inside the deployment
    /// when the issuer is the TLS proxy's public name); the documents must still name the issuer.
    let via: String?

    public init(runtime: Runtime, via: String? = nil, timeout: TimeInterval = 10) {
        self.runtime = runtime
        self.via = via
        self.timeout = timeout
    }

    public func run() async -> [Finding] {
        var findings = configurationFindings() + deploymentFindings()
        findings += (try? clientFindings()) ?? [Self.fail("clients", "the clients could not be read", "check the database")]
        findings += (try? webhookFindings()) ?? [Self.fail("webhooks", "the event outbox could not be read", "check the database")]
        findings += await serverFindings()
        return findings
    }

    static func pass(_ check: String, _ message: String) -> Finding {
        Finding(check: check, ok: true, message: message, fix: "")
    }

    static func fail(_ check: String, _ message: String, _ fix: String) -> Finding {
        Finding(check: check, ok: false, message: message, fix: fix)
    }

    /// GET `url`; the status and body, or nil when nothing answered.
    func fetch(_ url: String) async -> (status: Int, body: Data)? {
        guard let target = URL(string: url) else { return nil }
        var request = URLRequest(url: target, timeoutInterval: timeout)
        request.httpMethod = "GET"
        guard let (data, response) = try? await URLSession.shared.data(for: request),
            let http = response as? HTTPURLResponse
        else { return nil }
        return (http.statusCode, data)
    }
}
