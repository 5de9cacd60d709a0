import Foundation
import OAuthCore
import Pages

/// Account mails from the message catalog, in the person's language, with the product name; the HTML
/// part is escaped by `Pages.HTML` and loads nothing remote (no images, no fonts, no tracking).
public struct MailRenderer: MailComposer {
    public let productName: String

    public init(productName: String) { self.productName = productName }

    public func compose(_ mail: AccountMail, locale: String?) -> ComposedMail {
        let m = Messages(locale: locale)
        let product = ["product": productName]
        let (subject, body, action, closing) = parts(mail, m)
        let subjectText = m.text(subject, product)
        let bodyText = m.text(body.key, product.merging(body.values) { $1 })
        let footer = m.text(.mailFooter, product)
        return ComposedMail(
            subject: subjectText,
            text: Self.text(body: bodyText, actions: action.map { (m[$0.label], $0.link) },
                            closing: closing.map { m[$0] }, footer: footer),
            html: Self.html(title: subjectText, lang: m.locale, direction: m.direction, body: bodyText,
                            actions: action.map { (m[$0.label], $0.link) }, closing: closing.map { m[$0] }, footer: footer))
    }

    typealias Parts = (subject: Messages.Key, body: (key: Messages.Key, values: [String: String]),
                       action: [(label: Messages.Key, link: String)], closing: Messages.Key?)

    func parts(_ mail: AccountMail, _ m: Messages) -> Parts {
        switch mail {
        case .verifyEmail(let link):
            (.mailVerifySubject, (.mailVerifyBody, [:]), [(.mailVerifyButton, link)], .mailIgnore)
        case .accountExists(let signIn, let reset):
            (.mailExistsSubject, (.mailExistsBody, [:]), [(.signIn, signIn), (.forgotLink, reset)], nil)
        case .passwordReset(let link):
            (.mailResetSubject, (.mailResetBody, [:]), [(.mailResetButton, link)], .mailIgnore)
        case .passwordChanged(let at, let device, let resetLink):
            (.mailPasswordChangedSubject,
             (.mailPasswordChangedBody, ["date": Messages.moment(at), "device": device ?? m[.mailUnknownDevice]]),
             [(.mailResetButton, resetLink)], nil)
        case .confirmNewEmail(let link):
            (.mailNewEmailSubject, (.mailNewEmailBody, [:]), [(.mailVerifyButton, link)], .mailIgnore)
        case .verifyNewAccount(let link, let madeAt, let methods):
            (.mailVerifySubject,
             (.mailVerifyNewAccountBody, ["date": Messages.moment(madeAt), "methods": m.methods(methods.map(\.rawValue))]),
             [(.mailVerifyButton, link)], nil)
        case .emailChangeRequested(let newEmail, let cancelLink):
            (.mailChangeNoticeSubject, (.mailChangeNoticeBody, ["email": newEmail]),
             [(.mailCancelChangeButton, cancelLink)], nil)
        case .passwordResetRemovedMethods(let methods):
            (.mailPasswordChangedSubject, (.mailPasswordResetRemovedBody, ["methods": m.methods(methods.map(\.rawValue))]),
             [], nil)
        }
    }

    static func text(body: String, actions: [(String, String)], closing: String?, footer: String) -> String {
        var lines = [body, ""]
        for (label, link) in actions { lines += ["\(label):", link, ""] }
        if let closing { lines += [closing, ""] }
        return (lines + ["-- ", footer]).joined(separator: "\n") + "\n"
    }

    /// `dir` as on every page (Layout.swift): `rtl` for Persian, so mail clients lay the text out right to left.
    static func html(title: String, lang: String, direction: String = "ltr", body: String, actions: [(String, String)], closing: String?,
                     footer: String) -> String {
        let buttons: [HTML] = actions.map { label, link in
            "<p><a href=\"\(url: link)\" style=\"display:inline-block;padding:10px 16px;background:#1f2328;color:#ffffff;text-decoration:none;border-radius:6px\">\(label)</a></p>\n<p style=\"font-size:13px;color:#57606a\">\(link)</p>"
        }
        let last: HTML = closing.map { "<p>\($0)</p>" } ?? .empty
        let document: HTML = """
            <!DOCTYPE html>
            <html lang="\(lang)" dir="\(direction)"><head><meta charset="utf-8"><title>\(title)</title></head>
            <body style="font-family:system-ui,sans-serif;color:#1f2328;line-height:1.5">
            <p>\(body)</p>
            \(buttons)
            \(last)
            <p style="font-size:13px;color:#57606a">\(footer)</p>
            </body></html>

            """
        return document.rendered
    }
}
