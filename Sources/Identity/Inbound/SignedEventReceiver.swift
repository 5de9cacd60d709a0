import Foundation
import JOSE
import OAuthCore
import Support

/// Where a provider's event `jti` is recorded (one receipt table per provider, migrations 1 and 4).
enum SignedEventReceipt: Sendable {
    case appleNotification, googleSecurityEvent

    /// True when the `jti` is new; false for a redelivery.
    func record(_ jti: String, at now: Date, in tx: any SignedEventStore) throws -> Bool {
        switch self {
        case .appleNotification: try tx.recordNotification(jti: jti, at: now)
        case .googleSecurityEvent: try tx.recordSecurityEvent(jti: jti, at: now)
        }
    }
}

/// One provider's signed events: how the token sits in the body, how its events are read, and what they
/// do (the verifier's `Profile` holds how it is verified). `apply` is the one place each effect is applied;
/// it runs on the transaction that records the `jti` (webhook events for these changes belong there too).
protocol SignedEventSource: Sendable {
    associatedtype Event: Sendable
    associatedtype Applied: Sendable

    var receipt: SignedEventReceipt { get }
    func token(in body: [UInt8]) -> String?
    func event(of verified: SignedEventVerifier.Verified) throws -> Event
    func apply(_ event: Event, _ verified: SignedEventVerifier.Verified, in tx: InboundTransaction) throws -> Applied
}

/// Apple's server-to-server notifications and Google's RISC security events, received the one way
/// (docs/sign-in.md, "Provider events, applied once and in order"): verify the JWS with the one
/// `SignedEventVerifier`, then record the `jti` and apply the event in ONE transaction. A replay changes
/// nothing; a failure leaves no receipt, so the provider's retry applies the event. Tokens are never logged.
struct SignedEventReceiver<Source: SignedEventSource>: Sendable {
    enum Result: Sendable {
        case applied(Source.Applied)
        case duplicate
        /// The body holds no token, or is too large.
        case malformedBody
        /// The token did not verify (signature, key, issuer, audience, times).
        case refused(JOSEError)
        /// Verified, but its events cannot be read.
        case malformedEvent(String)
        /// The provider's keys could not be fetched; nothing was recorded.
        case keysUnavailable
        /// The store failed; the transaction rolled back, nothing was recorded.
        case storeFailed
    }

    static var maximumBodySize: Int { 64 * 1024 }

    let source: Source
    let verifier: SignedEventVerifier
    /// Its view in `transaction` becomes an `InboundTransaction`.
    let storage: any ProviderEventStore
    let clock: any Clock
    let random: any RandomSource
    let logger: Logger

    func receive(body: [UInt8]) async -> Result {
        guard body.count <= Self.maximumBodySize, let token = source.token(in: body) else { return .malformedBody }
        let verified: SignedEventVerifier.Verified
        do {
            verified = try await verifier.verify(token)
        } catch where error.code == .keySetUnavailable {
            logger.error("provider keys unavailable", ["error": error.reason])
            return .keysUnavailable
        } catch {
            return .refused(error)
        }
        let event: Source.Event
        do { event = try source.event(of: verified) } catch { return .malformedEvent(String(describing: error)) }
        return recordAndApply(event, verified)
    }

    private func recordAndApply(_ event: Source.Event, _ verified: SignedEventVerifier.Verified) -> Result {
        let now = clock.now()
        do {
            let applied: Source.Applied? = try storage.transaction { whole in
                let tx = InboundTransaction(whole, now: now, random: random)
                guard try source.receipt.record(verified.jti, at: now, in: tx.store) else { return nil }
                return try source.apply(event, verified, in: tx)
            }
            guard let applied else {
                logger.info("provider event redelivered", [:])
                return .duplicate
            }
            return .applied(applied)
        } catch {
            logger.error("provider event failed", ["error": String(describing: error).prefix(200).description])
            return .storeFailed
        }
    }
}
