import Foundation
@testable import Mail
import Mail
import OAuthCore
import StoreMemory
import Support
import Testing

/// docs/accounts-and-email.md, Outbox: bodies sealed while a mail waits, opened only to send, dropped once
/// it is delivered or given up.
@Suite struct SealedOutboxTests {
    let link = "https://id.example/reset-password?token=LIVE-TOKEN-123"
    let sealer = OutboxBodySealer(masterKey: Array(repeating: 7, count: 32), random: SystemRandom())

    func queued(_ storage: MemoryStorage, _ clock: ManualClock, id: String = "m1") throws {
        let mail = OutboxMail(id: id, kind: "password-reset", accountID: "a", recipient: "p@example.com", subject: "Reset",
                              textBody: "Follow \(link)", htmlBody: "<a href=\"\(link)\">Reset</a>",
                              nextAttemptAt: clock.now(), createdAt: clock.now())
        try storage.insertMail(try sealer.seal(mail))
    }

    func sender(_ storage: MemoryStorage, _ clock: ManualClock, _ transport: ScriptedTransport,
                sealer: OutboxBodySealer?) -> OutboxSender {
        OutboxSender(storage: storage, transport: transport, from: "no-reply@id.example", fromName: "X", clock: clock,
                     logger: Logger(label: "test", minimumLevel: .error), sealer: sealer)
    }

    @Test func aQueuedMailHoldsNoLinkAndOpensOnlyForItsOwnId() throws {
        let (storage, clock) = (MemoryStorage(), ManualClock())
        try queued(storage, clock)
        let stored = try #require(try storage.mail(id: "m1"))
        #expect(!stored.textBody.contains("token") && !stored.htmlBody.contains("LIVE-TOKEN"))
        #expect(try sealer.open(stored).textBody == "Follow \(link)")
        var moved = stored
        moved.id = "m2"
        #expect(throws: (any Error).self) { try sealer.open(moved) }
        let other = OutboxBodySealer(masterKey: Array(repeating: 8, count: 32), random: SystemRandom())
        #expect(throws: (any Error).self) { try other.open(stored) }
    }

    @Test func theServerGetsTheLinkAndTheOutboxKeepsNoBodyAfterDelivery() throws {
        let (storage, clock, transport) = (MemoryStorage(), ManualClock(), ScriptedTransport([]))
        try queued(storage, clock)
        #expect(try sender(storage, clock, transport, sealer: sealer).deliverDue() == 1)
        // Base64 parts are wrapped at 76 characters (RFC 2045 §6.8).
        let message = String(decoding: try #require(transport.sent.first), as: UTF8.self)
            .replacingOccurrences(of: "\r\n", with: "")
        #expect(!message.contains(OutboxBodySealer.prefix))
        #expect(message.contains(Data("Follow \(link)".utf8).base64EncodedString()))
        let kept = try #require(try storage.mail(id: "m1"))
        #expect(kept.status == .sent && kept.recipient == "p@example.com" && kept.kind == "password-reset")
        #expect(kept.textBody.isEmpty && kept.htmlBody.isEmpty)
    }

    @Test func aRejectedMailKeepsNoBodyEither() throws {
        let (storage, clock, transport) = (MemoryStorage(), ManualClock(), ScriptedTransport([.rejected("550")]))
        try queued(storage, clock)
        try sender(storage, clock, transport, sealer: sealer).deliverDue()
        let kept = try #require(try storage.mail(id: "m1"))
        #expect(kept.status == .failed && kept.textBody.isEmpty && kept.htmlBody.isEmpty)
    }

    @Test func aRetriedMailStaysSealed() throws {
        let (storage, clock, transport) = (MemoryStorage(), ManualClock(), ScriptedTransport([.notDelivered("421")]))
        try queued(storage, clock)
        try sender(storage, clock, transport, sealer: sealer).deliverDue()
        let kept = try #require(try storage.mail(id: "m1"))
        #expect(kept.status == .pending && OutboxBodySealer.isSealed(kept.textBody) && !kept.textBody.contains("token"))
    }

    @Test func aBodySealedUnderAnotherKeyIsGivenUpUnsent() throws {
        let (storage, clock, transport) = (MemoryStorage(), ManualClock(), ScriptedTransport([]))
        try queued(storage, clock)
        let other = OutboxBodySealer(masterKey: Array(repeating: 9, count: 32), random: SystemRandom())
        #expect(try sender(storage, clock, transport, sealer: other).deliverDue() == 0)
        #expect(transport.sent.isEmpty)
        #expect(try storage.mail(id: "m1")?.status == .failed)
    }
}
