import Foundation
import JOSE
import OAuthCore
import Support

/// `POST /apple/notifications` without the HTTP (docs/architecture.md rule 2), through the one
/// `SignedEventReceiver`: verify, record the `jti` and act in one transaction. Apple wants 200 for
/// everything verified, handled or not, and 4xx only for what is not Apple's
/// (https://developer.apple.com/documentation/signinwithapple/processing-changes-for-sign-in-with-apple-accounts).
/// The payload is never logged.
public struct AppleNotificationProcessor: Sendable {
    public enum Outcome: Sendable, Equatable {
        /// 200: the event was applied (or had nothing left to change).
        case processed(String)
        /// 200: this `jti` was seen before; nothing was done.
        case duplicate
        /// 200: verified, but not for anyone we know, of a type we do not handle, or older than the state
        /// it would change (`InboundOrder`).
        case ignored(String)
        /// 400: not a valid Apple notification (malformed, bad signature, wrong `iss`/`aud`, stale).
        case rejected(String)
        /// 503: Apple's keys or our store could not be reached; nothing was recorded.
        case unavailable(String)

        public var httpStatus: Int {
            switch self {
            case .processed, .duplicate, .ignored: 200
            case .rejected: 400
            case .unavailable: 503
            }
        }
    }

    public static let maximumBodySize = SignedEventReceiver<AppleNotificationSource>.maximumBodySize

    let receiver: SignedEventReceiver<AppleNotificationSource>
    let deletion: AccountDeletionService
    let logger: Logger

    /// - Parameter verifier: the one signed-event verifier with Apple's profile
    ///   (`SignedEventVerifier(audiences:keySet:clock:)`).
    public init(verifier: SignedEventVerifier, storage: any ProviderEventStore, clock: any Clock, random: any RandomSource,
                logger: Logger, deletion: AccountDeletionService) {
        let logger = logger.with(label: "identity.apple-notifications")
        receiver = SignedEventReceiver(source: AppleNotificationSource(logger: logger, deletion: deletion),
                                       verifier: verifier, storage: storage, clock: clock, random: random,
                                       logger: logger)
        self.deletion = deletion
        self.logger = logger
    }

    /// - Parameter body: the raw request body, `{"payload": "<JWS>"}` (Apple, "Processing changes", above).
    public func process(body: [UInt8]) async -> Outcome {
        switch await receiver.receive(body: body) {
        case .applied(let applied):
            // Revocations queued in the committed transaction (a deleted account's other providers'
            // tokens); a failure keeps them pending for `retryDue`.
            _ = try? await deletion.attemptAll(applied.pendingRevocations)
            return applied.outcome
        case .duplicate: return .duplicate
        case .malformedBody: return reject("the body is not {\"payload\": JWS}")
        case .refused(let error): return reject(error.description)
        case .malformedEvent: return reject("malformed events")
        case .keysUnavailable: return .unavailable("apple keys unavailable")
        case .storeFailed: return .unavailable("storage")
        }
    }

    private func reject(_ reason: String) -> Outcome {
        logger.warning("apple notification rejected", ["reason": reason])
        return .rejected(reason)
    }
}
