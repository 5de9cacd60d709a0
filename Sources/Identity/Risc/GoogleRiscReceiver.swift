import Foundation
import JOSE
import OAuthCore
import Support

/// `POST /google/risc` without the HTTP (docs/architecture.md rule 2): Google's Cross-Account Protection
/// (https://developers.google.com/identity/protocols/risc). Verify the security event token, record its
/// `jti` and apply its events in ONE transaction (a redelivery changes nothing, a failure leaves no
/// receipt behind so Google's retry is applied), audit each event. The token is never logged.
public struct GoogleRiscReceiver: Sendable {
    public enum Outcome: Sendable, Equatable {
        /// 202: applied (or nothing to change: unknown user, unhandled type, duplicate `jti`).
        case accepted([String])
        case duplicate
        /// 400 with an RFC 8935 §2.3 error code (`invalid_request`, `invalid_key`, `invalid_issuer`,
        /// `invalid_audience`, `authentication_failed`).
        case refused(code: String, reason: String)
        /// 503: Google's keys or our store could not be reached; nothing was recorded.
        case unavailable(String)

        public var httpStatus: Int {
            switch self {
            case .accepted, .duplicate: 202
            case .refused: 400
            case .unavailable: 503
            }
        }
    }

    public static let maximumBodySize = 64 * 1024

    let verifier: SecurityEventTokenVerifier
    let storage: any Storage
    let clock: any Clock
    let random: any RandomSource
    let logger: Logger
    let sealer: TokenSealer

    public init(verifier: SecurityEventTokenVerifier, storage: any Storage, clock: any Clock, random: any RandomSource,
                logger: Logger, sealer: TokenSealer) {
        self.verifier = verifier
        self.storage = storage
        self.clock = clock
        self.random = random
        self.logger = logger.with(label: "identity.google-risc")
        self.sealer = sealer
    }

    /// - Parameter body: the raw request body, the compact SET (RFC 8935 §2.1, `application/secevent+jwt`).
    public func process(body: [UInt8]) async -> Outcome {
        guard body.count <= Self.maximumBodySize else { return refuse("invalid_request", "the body is too large") }
        let token = String(decoding: body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let verified: SecurityEventTokenVerifier.Verified
        do {
            verified = try await verifier.verify(token)
        } catch where error.code == .keySetUnavailable {
            logger.error("google risc keys unavailable", ["error": error.reason])
            return .unavailable("google risc keys unavailable")
        } catch {
            return refuse(Self.errorCode(error.code), error.description)
        }
        let events: [SecurityEvent]
        do { events = try SecurityEvent.parse(verified.events, issuer: verified.issuer) } catch {
            return refuse("invalid_request", error.reason)
        }
        do {
            return try apply(events, jti: verified.jti)
        } catch {
            logger.error("google risc event failed", ["error": String(describing: error).prefix(200).description])
            return .unavailable("storage")
        }
    }

    private func apply(_ events: [SecurityEvent], jti: String) throws -> Outcome {
        let now = clock.now()
        let applied: [String]? = try storage.transaction { tx in
            guard try tx.recordSecurityEvent(jti: jti, at: now) else { return nil }
            return try events.map { try act(on: $0, in: tx, at: now) }
        }
        guard let applied else {
            logger.info("google risc event redelivered", ["risc.jti": jti])
            return .duplicate
        }
        return .accepted(applied)
    }

    /// RFC 8935 §2.3 error codes for what the verifier refused.
    static func errorCode(_ code: JOSEError.Code) -> String {
        switch code {
        case .unknownKey, .invalidKey: "invalid_key"
        case .issuerMismatch: "invalid_issuer"
        case .audienceMismatch: "invalid_audience"
        case .invalidSignature, .algorithmMismatch, .unsupportedAlgorithm: "authentication_failed"
        default: "invalid_request"
        }
    }

    private func refuse(_ code: String, _ reason: String) -> Outcome {
        logger.warning("google risc event refused", ["risc.error": code, "reason": reason])
        return .refused(code: code, reason: reason)
    }
}
