import Foundation
import OAuthCore
import Support

/// Delivers the outbox (docs/architecture.md, Data): claims a due mail with a compare-and-set before handing
/// it to the server, so two senders never send one mail; records the server's outcome; retries with
/// exponential back-off while nothing was accepted. A claim that lapses (the process died while
/// sending) or a broken connection leaves the outcome unknown: such a mail is resent at most once.
public struct OutboxSender: Sendable {
    public struct Policy: Sendable {
        public var firstRetry: TimeInterval
        public var maximumRetry: TimeInterval
        /// How long a claim holds; longer than the transport's own timeout.
        public var claimLifetime: TimeInterval

        public init(firstRetry: TimeInterval = 2, maximumRetry: TimeInterval = 900, claimLifetime: TimeInterval = 180) {
            self.firstRetry = firstRetry
            self.maximumRetry = maximumRetry
            self.claimLifetime = claimLifetime
        }

        /// After attempt n (1-based): firstRetry · 2^(n−1), capped.
        public func delay(afterAttempt n: Int) -> TimeInterval {
            min(maximumRetry, firstRetry * pow(2, Double(min(max(n - 1, 0), 30))))
        }
    }

    /// The sender reads and claims mails in the outbox, nothing else.
    public typealias Store = OutboxStore & Sendable

    let storage: any Store
    let transport: any SMTPTransport
    let from: String
    let fromName: String
    let clock: any Clock
    let logger: Logger
    let policy: Policy
    /// Opens the sealed bodies just before sending (OutboxBodySealer).
    let sealer: OutboxBodySealer?

    public init(storage: any Store, transport: any SMTPTransport, from: String, fromName: String, clock: any Clock,
                logger: Logger, policy: Policy = Policy(), sealer: OutboxBodySealer? = nil) {
        self.storage = storage
        self.transport = transport
        self.from = from
        self.fromName = fromName
        self.clock = clock
        self.logger = logger.with(label: "mail.outbox")
        self.policy = policy
        self.sealer = sealer
    }

    /// One pass over the due mails; returns how many were handed to the server.
    @discardableResult
    public func deliverDue(limit: Int = 20) throws -> Int {
        var handed = 0
        for mail in try storage.dueMail(at: clock.now(), limit: limit) where try deliver(mail) { handed += 1 }
        return handed
    }

    /// Claims and sends one mail; false when another sender had it or it was given up.
    func deliver(_ mail: OutboxMail) throws -> Bool {
        var claim = mail
        if mail.status == .sending {
            // The claim lapsed: whoever held it died mid-send, so the outcome is unknown.
            guard mail.unknownOutcomes == 0 else {
                return try giveUp(mail, "outcome unknown twice; not sent again")
            }
            claim.unknownOutcomes += 1
        }
        let now = clock.now()
        claim.status = .sending
        claim.attempts += 1
        claim.nextAttemptAt = now.addingTimeInterval(policy.claimLifetime)
        guard try storage.updateMail(claim, ifUnchangedFrom: mail) else { return false }
        guard let opened = opened(claim) else {
            return try giveUp(claim, "its sealed body does not open with this master key")
        }
        let message = MIMEMessage(from: from, fromName: fromName, mail: opened, date: now).bytes()
        let outcome = transport.send(from: from, to: claim.recipient, message: message)
        try record(outcome, claim)
        return true
    }

    func record(_ outcome: SMTPOutcome, _ claim: OutboxMail) throws {
        var result = claim
        let now = clock.now()
        switch outcome {
        case .delivered(let reply):
            (result.status, result.sentAt, result.lastOutcome) = (.sent, now, "delivered: \(reply)")
        case .rejected(let detail):
            (result.status, result.lastOutcome) = (.failed, "rejected: \(detail)")
        case .notDelivered(let detail):
            (result.status, result.lastOutcome) = (.pending, "not delivered: \(detail)")
            result.nextAttemptAt = now.addingTimeInterval(policy.delay(afterAttempt: claim.attempts))
        case .unknown(let detail) where claim.unknownOutcomes == 0:
            (result.status, result.lastOutcome) = (.pending, "unknown: \(detail)")
            result.unknownOutcomes = 1
            result.nextAttemptAt = now.addingTimeInterval(policy.delay(afterAttempt: claim.attempts))
        case .unknown(let detail):
            (result.status, result.lastOutcome) = (.failed, "unknown twice: \(detail)")
        }
        // Delivered or given up: the bodies (and their links) are not kept (docs/accounts-and-email.md).
        if result.status == .sent || result.status == .failed { result = result.withoutBodies }
        _ = try storage.updateMail(result, ifUnchangedFrom: claim)
        logger.info("mail attempt", ["mail.id": claim.id, "mail.kind": claim.kind, "mail.status": result.status.rawValue,
                                     "mail.outcome": result.lastOutcome ?? ""], numbers: ["mail.attempts": Double(claim.attempts)])
    }

    func giveUp(_ mail: OutboxMail, _ reason: String) throws -> Bool {
        var failed = mail.withoutBodies
        (failed.status, failed.lastOutcome) = (.failed, reason)
        _ = try storage.updateMail(failed, ifUnchangedFrom: mail)
        logger.warning("mail given up", ["mail.id": mail.id, "mail.kind": mail.kind, "mail.outcome": reason])
        return false
    }

    /// The mail with its bodies readable; nil when a sealed body does not open (another master key).
    func opened(_ mail: OutboxMail) -> OutboxMail? {
        guard OutboxBodySealer.isSealed(mail.textBody) || OutboxBodySealer.isSealed(mail.htmlBody) else { return mail }
        return try? sealer?.open(mail)
    }
}
