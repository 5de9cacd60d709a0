import Foundation
import Identity
import Mail
import OAuthCore
import Pages
import Support

/// Builds the account flows' context and, with `ACCOUNTLINK_SMTP_URL`, the outbox sender
/// (docs/accounts-and-email.md).
public enum AccountMailWiring {
    public static func make(_ runtime: Runtime, loginThrottle: LoginThrottle) -> (AccountFlowContext, OutboxWorker?) {
        let worker = sender(runtime).map { OutboxWorker(sender: $0) }
        let context = AccountFlowContext(
            storage: runtime.storage, clock: runtime.clock, random: runtime.random,
            composer: MailRenderer(productName: runtime.configuration.productName),
            issuer: runtime.configuration.issuerString, loginThrottle: loginThrottle,
            signUpMode: runtime.configuration.accountMail.signUpVerifiesFirst ? .verifyFirst : .immediate,
            mailWritten: { worker?.nudge() }, bodySealer: bodySealer(runtime))
        return (context, worker)
    }

    public static func sender(_ runtime: Runtime) -> OutboxSender? {
        let settings = runtime.configuration.accountMail
        guard let url = settings.smtpURL else { return nil }
        guard !settings.from.isEmpty else {
            runtime.logger.error("mail is not sent: the issuer's host is not a domain name, so there is no default "
                                 + "From address; set ACCOUNTLINK_MAIL_FROM (mail waits in the outbox meanwhile)")
            return nil
        }
        return OutboxSender(storage: runtime.storage,
                            transport: CurlSMTPTransport(url: url, requireTLS: settings.smtpRequiresTLS,
                                                         caFile: settings.smtpCAFile),
                            from: settings.from, fromName: runtime.configuration.productName, clock: runtime.clock,
                            logger: runtime.logger, sealer: bodySealer(runtime))
    }

    /// Outbox bodies sealed under the master key (OutboxBodySealer).
    public static func bodySealer(_ runtime: Runtime) -> OutboxBodySealer {
        OutboxBodySealer(masterKey: runtime.masterKey, random: runtime.random)
    }
}

extension Runtime {
    /// The flows for commands that run outside `serve` (they cannot reach the server's login throttle).
    public var accountFlows: AccountFlowContext { AccountMailWiring.make(self, loginThrottle: LoginThrottle()).0 }
}
