import Foundation
@testable import Mail
import Mail
import OAuthCore
import StoreMemory
import Support
import Testing

/// Plays an SMTP server's answers in order (the real server is Tests/Peers/test_accounts_email.py's).
final class ScriptedTransport: SMTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var script: [SMTPOutcome]
    private(set) var sent: [[UInt8]] = []

    init(_ script: [SMTPOutcome]) { self.script = script }

    func send(from: String, to: String, message: [UInt8]) -> SMTPOutcome {
        lock.lock()
        defer { lock.unlock() }
        sent.append(message)
        return script.isEmpty ? .delivered("250") : script.removeFirst()
    }
}

@Suite struct MailRenderingTests {
    @Test func verificationMailHasTextHTMLProductAndLanguage() {
        let mail = MailRenderer(productName: "Acme <Home>").compose(
            .verifyEmail(link: "https://id.example/verify-email?token=T1"), locale: "de-DE")
        #expect(mail.subject == "Bestätige deine E-Mail-Adresse für Acme <Home>")
        #expect(mail.text.contains("https://id.example/verify-email?token=T1"))
        #expect(mail.html.contains("href=\"https://id.example/verify-email?token=T1\""))
        #expect(mail.html.contains("Acme &lt;Home&gt;"))
        #expect(!mail.html.contains("<img"))
        #expect(mail.html.contains("lang=\"de\""))
        let english = MailRenderer(productName: "Acme").compose(.passwordReset(link: "https://x.example/r"), locale: nil)
        #expect(english.subject == "Reset your Acme password")
    }

    /// Persian mail is laid out right to left, as the pages are (dir="rtl" lang="fa"); others left to right.
    @Test func persianHTMLIsRightToLeft() {
        let fa = MailRenderer(productName: "Acme").compose(.passwordReset(link: "https://x.example/r"), locale: "fa")
        #expect(fa.html.contains(#"<html lang="fa" dir="rtl">"#))
        let de = MailRenderer(productName: "Acme").compose(.passwordReset(link: "https://x.example/r"), locale: "de")
        #expect(de.html.contains(#"<html lang="de" dir="ltr">"#))
    }

    /// The notice says when and from which device, and links to the reset page, in every language.
    @Test(arguments: ["en", "de", "pt-BR", "fa", "ja"])
    func passwordChangedNoticeHasTimeDeviceAndResetLink(locale: String) {
        let at = Date(timeIntervalSince1970: 1_764_820_800)  // 2025-12-04 04:00 UTC
        let mail = MailRenderer(productName: "Acme").compose(
            .passwordChanged(at: at, device: "Firefox/146 on Linux", resetLink: "https://auth.example/password/forgot"),
            locale: locale)
        for part in [mail.text, mail.html] {
            #expect(part.contains("2025-12-04 04:00 UTC"))
            #expect(part.contains("Firefox/146 on Linux"))
            #expect(part.contains("https://auth.example/password/forgot"))
            #expect(!part.contains("{"))
        }
        let unknown = MailRenderer(productName: "Acme").compose(
            .passwordChanged(at: at, device: nil, resetLink: "https://auth.example/password/forgot"), locale: locale)
        #expect(!unknown.text.contains("{device}"))
    }

    /// English never puts "a" before the product's name ("a AccountLink" with the default name).
    @Test func englishPutsNoArticleBeforeTheProductName() {
        let renderer = MailRenderer(productName: "AccountLink")
        let mails: [AccountMail] = [
            .accountExists(signInLink: "https://x/s", resetLink: "https://x/r"),
            .verifyNewAccount(link: "https://x/v", madeAt: Date(), methods: [.password]),
            .verifyEmail(link: "https://x/v"), .passwordReset(link: "https://x/r"),
        ]
        for mail in mails {
            let composed = renderer.compose(mail, locale: "en")
            #expect(!(composed.subject + composed.text).contains("a AccountLink"), "\(mail.kind)")
        }
    }

    @Test func mimeMessageIsMultipartBase64WithEncodedSubject() throws {
        let outbox = OutboxMail(id: "mail_abc", kind: "verify-email", accountID: nil, recipient: "p@example.com",
                                subject: "Bestätigen", textBody: "Hallo ü", htmlBody: "<p>ü</p>",
                                nextAttemptAt: .now, createdAt: .now)
        let text = String(decoding: MIMEMessage(from: "no-reply@id.example", fromName: "Acme", mail: outbox,
                                                date: Date(timeIntervalSince1970: 0)).bytes(), as: UTF8.self)
        #expect(text.contains("Subject: =?UTF-8?B?" + Data("Bestätigen".utf8).base64EncodedString() + "?=\r\n"))
        #expect(text.contains("Message-ID: <mail_abc@id.example>\r\n"))
        #expect(text.contains("Date: Thu, 01 Jan 1970 00:00:00 +0000\r\n"))
        #expect(text.contains("Content-Type: multipart/alternative; boundary=\"=_al_mailabc\""))
        #expect(text.contains(Data("Hallo ü".utf8).base64EncodedString()))
        #expect(text.hasSuffix("--=_al_mailabc--\r\n"))
    }
}

@Suite struct OutboxSenderTests {
    func setUp(_ script: [SMTPOutcome]) throws -> (MemoryStorage, ManualClock, ScriptedTransport, OutboxSender) {
        let storage = MemoryStorage()
        let clock = ManualClock()
        let transport = ScriptedTransport(script)
        try storage.insertMail(OutboxMail(id: "m1", kind: "verify-email", accountID: nil, recipient: "p@example.com",
                                          subject: "S", textBody: "T", htmlBody: "<p>H</p>", nextAttemptAt: clock.now(),
                                          createdAt: clock.now()))
        let sender = OutboxSender(storage: storage, transport: transport, from: "no-reply@x.example", fromName: "X",
                                  clock: clock, logger: Logger(label: "test", minimumLevel: .error))
        return (storage, clock, transport, sender)
    }

    @Test func retriesWithBackOffUntilDeliveredThenNeverAgain() throws {
        let (storage, clock, transport, sender) = try setUp([.notDelivered("refused"), .notDelivered("refused")])
        #expect(try sender.deliverDue() == 1)
        #expect(try storage.mail(id: "m1")?.status == .pending)
        #expect(try sender.deliverDue() == 0)  // not due before the back-off
        clock.advance(by: 2)
        #expect(try sender.deliverDue() == 1)
        clock.advance(by: 3)  // second delay is 4 s
        #expect(try sender.deliverDue() == 0)
        clock.advance(by: 1)
        #expect(try sender.deliverDue() == 1)
        let mail = try #require(try storage.mail(id: "m1"))
        #expect(mail.status == .sent && mail.attempts == 3 && mail.sentAt == clock.now())
        clock.advance(by: 10_000)
        #expect(try sender.deliverDue() == 0)
        #expect(transport.sent.count == 3)
    }

    @Test func permanentRejectionFailsAtOnce() throws {
        let (storage, clock, transport, sender) = try setUp([.rejected("550 no such user")])
        try sender.deliverDue()
        clock.advance(by: 100_000)
        try sender.deliverDue()
        #expect(try storage.mail(id: "m1")?.status == .failed)
        #expect(transport.sent.count == 1)
    }

    @Test func unknownOutcomeIsResentOnceOnly() throws {
        let (storage, clock, transport, sender) = try setUp([.unknown("timeout after DATA"), .unknown("again")])
        try sender.deliverDue()
        clock.advance(by: 1_000)
        try sender.deliverDue()
        clock.advance(by: 100_000)
        try sender.deliverDue()
        let mail = try #require(try storage.mail(id: "m1"))
        #expect(mail.status == .failed && mail.attempts == 2 && mail.unknownOutcomes == 1)
        #expect(transport.sent.count == 2)
    }

    /// A sender that died after its claim (crash mid-send): once the claim lapses, one resend; a
    /// second lapse gives up, so a crash loop never mails a person over and over.
    @Test func lapsedClaimCountsAsUnknownOutcome() throws {
        let (storage, clock, transport, sender) = try setUp([])
        let mail = try #require(try storage.mail(id: "m1"))
        var claimed = mail
        (claimed.status, claimed.attempts, claimed.nextAttemptAt) = (.sending, 1, clock.now() + 180)
        #expect(try storage.updateMail(claimed, ifUnchangedFrom: mail))
        #expect(try sender.deliverDue() == 0)  // claim still held
        clock.advance(by: 181)
        #expect(try sender.deliverDue() == 1)
        #expect(try storage.mail(id: "m1")?.status == .sent)
        #expect(transport.sent.count == 1)
        var stuck = try #require(try storage.mail(id: "m1"))
        let sent = stuck
        (stuck.status, stuck.nextAttemptAt) = (.sending, clock.now())
        #expect(try storage.updateMail(stuck, ifUnchangedFrom: sent))
        clock.advance(by: 1)
        #expect(try sender.deliverDue() == 0)
        #expect(try storage.mail(id: "m1")?.status == .failed)
        #expect(transport.sent.count == 1)
    }

    @Test func backOffDoublesAndCaps() {
        let policy = OutboxSender.Policy()
        #expect(policy.delay(afterAttempt: 1) == 2)
        #expect(policy.delay(afterAttempt: 4) == 16)
        #expect(policy.delay(afterAttempt: 40) == 900)
    }

    @Test func curlOutcomesAreClassifiedByTheLastReply() {
        #expect(CurlSMTPTransport.classify(rawCode: 7, reply: 0, text: "x") == .notDelivered("curl 7 (x), last reply 0"))
        if case .rejected = CurlSMTPTransport.classify(rawCode: 55, reply: 550, text: "x") {} else { Issue.record("550") }
        if case .notDelivered = CurlSMTPTransport.classify(rawCode: 55, reply: 451, text: "x") {} else { Issue.record("451") }
        if case .unknown = CurlSMTPTransport.classify(rawCode: 28, reply: 354, text: "x") {} else { Issue.record("354") }
        if case .delivered = CurlSMTPTransport.classify(rawCode: 0, reply: 250, text: "x") {} else { Issue.record("ok") }
    }
}
