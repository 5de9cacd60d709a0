import Foundation
import JOSE
import OAuthCore
import Support

/// `POST /apple/notifications` without the HTTP (docs/architecture.md rule 2): verify, de-duplicate by `jti`,
/// act. Apple wants 200 for everything verified, handled or not, and 4xx only for what is not Apple's
/// (https://developer.apple.com/documentation/signinwithapple/processing-changes-for-sign-in-with-apple-accounts).
/// The payload is never logged.
public struct AppleNotificationProcessor: Sendable {
    public enum Outcome: Sendable, Equatable {
        /// 200: the event was applied (or had nothing left to change).
        case processed(String)
        /// 200: this `jti` was seen before; nothing was done.
        case duplicate
        /// 200: verified, but not for anyone we know or of a type we do not handle.
        case ignored(String)
        /// 400: not a valid Apple notification (malformed, bad signature, wrong `iss`/`aud`, stale).
        case rejected(String)
        /// 503: Apple's keys or our store could not be reached; nothing was recorded before the failure.
        case unavailable(String)

        public var httpStatus: Int {
            switch self {
            case .processed, .duplicate, .ignored: 200
            case .rejected: 400
            case .unavailable: 503
            }
        }
    }

    public static let maximumBodySize = 64 * 1024

    let verifier: AppleNotificationVerifier
    let storage: any Storage
    let clock: any Clock
    let random: any RandomSource
    let logger: Logger
    let deletion: AccountDeletionService

    public init(verifier: AppleNotificationVerifier, storage: any Storage, clock: any Clock, random: any RandomSource,
                logger: Logger, deletion: AccountDeletionService) {
        self.verifier = verifier
        self.storage = storage
        self.clock = clock
        self.random = random
        self.logger = logger.with(label: "identity.apple-notifications")
        self.deletion = deletion
    }

    /// - Parameter body: the raw request body, `{"payload": "<JWS>"}` (Apple, "Processing changes", above).
    public func process(body: [UInt8]) async -> Outcome {
        guard body.count <= Self.maximumBodySize,
            let object = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any],
            let payload = object["payload"] as? String
        else { return reject("the body is not {\"payload\": JWS}") }
        let verified: AppleNotificationVerifier.Verified
        do {
            verified = try await verifier.verify(payload)
        } catch where error.code == .keySetUnavailable {
            logger.error("apple keys unavailable", ["error": error.reason])
            return .unavailable("apple keys unavailable")
        } catch {
            return reject(error.description)
        }
        let event: AppleNotificationEvent
        do { event = try AppleNotificationEvent(claims: verified.claims) } catch { return reject("malformed events") }
        do {
            // Record before acting (Apple's page above: duplicates happen; a replay must not end newer
            // sessions).
            guard try storage.recordNotification(jti: verified.jti, at: clock.now()) else { return .duplicate }
            return try await apply(event, audience: verified.audience)
        } catch {
            logger.error("apple notification failed", ["apple.event": event.type, "error": String(describing: error)])
            return .unavailable("storage")
        }
    }

    private func reject(_ reason: String) -> Outcome {
        logger.warning("apple notification rejected", ["reason": reason])
        return .rejected(reason)
    }

    private func apply(_ event: AppleNotificationEvent, audience: String) async throws -> Outcome {
        guard let identity = try storage.identity(provider: .apple, subject: event.subject) else {
            logger.info("apple notification for an unknown user", ["apple.event": event.type, "apple.aud": audience])
            return .ignored("unknown subject")
        }
        switch event.kind {
        case .emailDisabled: try setReachable(false, identity, event)
        case .emailEnabled: try setReachable(true, identity, event)
        case .consentRevoked: try consentRevoked(identity)
        case .accountDeleted: try await appleAccountDeleted(identity)
        case .other(let type):
            logger.info("apple notification type not handled", ["apple.event": type])
            return .ignored("unhandled type \(type)")
        }
        let eventTime = event.eventTime.map { " event_time=\(Int64($0.timeIntervalSince1970))" } ?? ""
        try AuditRecorder(clock: clock, random: random).record(
            .appleNotification, accountID: identity.accountID, detail: "type=\(event.type)" + eventTime, in: storage)
        logger.info("apple notification processed", ["apple.event": event.type, "account.id": identity.accountID])
        return .processed(event.type)
    }
}
