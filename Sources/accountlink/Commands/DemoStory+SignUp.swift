import Foundation
import Mail
import OAuthCore

/// Self-service sign-up with its verification mail (docs/accounts-and-email.md): the demo has no SMTP server, so the
/// mail waits in the outbox, where `accountlink mail list` shows it without its text (the body is sealed,
/// docs/accounts-and-email.md); the demo holds its throwaway database's master key, opens the mail and
/// follows its link.
extension DemoStory {
    func signUpWithVerificationMail() async throws {
        heading("A new person signs up on the web",
                "GET /signup, fill in email and password; the verification mail goes into the outbox.")
        let newcomer = "newcomer@example.com"
        let browser = ScriptedBrowser(base: world.base, http: http)
        let form = try await browser.get(url("/signup"))
        guard let signUp = form.forms.first(where: { $0.has(field: "password") }) else {
            throw SimulationFailure("GET /signup showed no sign-up form (HTTP \(form.response.status))")
        }
        let answer = try await browser.submit(signUp, on: form, ["email": newcomer, "password": "newcomer passphrase 1"])
        say("POST /signup (\(newcomer)) → HTTP \(answer.response.status), \"check your email\"")
        let link = try await verificationMail(to: newcomer)
        let confirmPage = try await browser.get(URL(string: link)!)
        guard let confirm = confirmPage.forms.first(where: { $0.has(field: "token") }) else {
            throw SimulationFailure("the mail's link showed no confirm button (HTTP \(confirmPage.response.status))")
        }
        let done = try await browser.submit(confirm, on: confirmPage, [:])
        say("open the link, press the button → HTTP \(done.response.status), email confirmed")
        let users = try await operatorRuns(["user", "list", "--json"])
        guard users.contains("\"email_verified\" : true") else { throw SimulationFailure("the email is not verified") }
        record("Sign-up, verification mail in the outbox, link followed", "email_verified: true")
    }

    /// Shows the newest mail to `address` (`accountlink mail list`), opens its sealed text with the demo's
    /// master key and returns its link.
    func verificationMail(to address: String) async throws -> String {
        let listed = try await operatorRuns(["mail", "list", "--json"])
        let mails = (try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: Any]]) ?? []
        guard let mail = mails.last(where: { ($0["to"] as? String).sameBytes(address) }), let id = mail["id"] as? String,
              let runtime = world.runtime, let stored = try runtime.storage.mail(id: id),
              let text = try? OutboxBodySealer(masterKey: runtime.masterKey, random: runtime.random).open(stored).textBody,
              let link = text.split(separator: "\n").first(where: { $0.contains("/verify-email?token=") })
        else { throw SimulationFailure("no verification mail to \(address) in the outbox") }
        say("  mail \(mail["status"] ?? "?") to \(address): \"\(mail["subject"] ?? "")\" (its text opened with the master key)")
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(4) {
            let shown = line.range(of: "token=").map { String(line[..<$0.upperBound]) + "…" } ?? String(line)
            say("  | " + shown)
        }
        return String(link)
    }
}
