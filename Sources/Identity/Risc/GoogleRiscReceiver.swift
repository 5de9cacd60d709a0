import Foundation
import JOSE
import OAuthCore
import Support

/// `POST /google/risc` without the HTTP (docs/architecture.md rule 2): Google's Cross-Account Protection
/// (https://developers.google.com/identity/protocols/risc), through the one `SignedEventReceiver`: verify
/// the security event token, record its `jti` and apply its events in ONE transaction (a redelivery
/// changes nothing, a failure leaves no receipt behind so Google's retry is applied), audit each event.
/// The token is never logged.
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

    public static let maximumBodySize = SignedEventReceiver<GoogleRiscSource>.maximumBodySize

    let receiver: SignedEventReceiver<GoogleRiscSource>
    let logger: Logger

    /// - Parameter verifier: the one signed-event verifier with Google's profile
    ///   (`SignedEventVerifier(audiences:configuration:clock:)`).
    public init(verifier: SignedEventVerifier, storage: any ProviderEventStore, clock: any Clock, random: any RandomSource,
                logger: Logger, sealer: TokenSealer) {
        let logger = logger.with(label: "identity.google-risc")
        receiver = SignedEventReceiver(source: GoogleRiscSource(logger: logger, sealer: sealer), verifier: verifier,
                                       storage: storage, clock: clock, random: random, logger: logger)
        self.logger = logger
    }

    /// - Parameter body: the raw request body, the compact SET (RFC 8935 §2.1, `application/secevent+jwt`).
    public func process(body: [UInt8]) async -> Outcome {
        switch await receiver.receive(body: body) {
        case .applied(let names): return .accepted(names)
        case .duplicate: return .duplicate
        case .malformedBody: return refuse("invalid_request", "the body is too large")
        case .refused(let error): return refuse(Self.errorCode(error.code), error.description)
        case .malformedEvent(let reason): return refuse("invalid_request", reason)
        case .keysUnavailable: return .unavailable("google risc keys unavailable")
        case .storeFailed: return .unavailable("storage")
        }
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
