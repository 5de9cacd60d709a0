import Foundation

/// The shell every page shares: one small, valid HTML5 document with inline CSS and no remote
/// scripts, fonts or styles, so the pages work under `default-src 'self'`. The language comes from
/// the catalog (`lang`, and `dir="rtl"` for Persian); the footer carries the maker's policy links
/// and the language switch.
enum Layout {
    static func document(title: String, messages: Messages, body: HTML, frame: PageFrame = .current) -> String {
        let html: HTML = """
            <!DOCTYPE html>
            <html lang="\(messages.locale)" dir="\(messages.direction)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="referrer" content="no-referrer">
            <title>\(title)</title>
            <style>\(css)\(accent(frame))</style>
            </head>
            <body>
            <a class="skip" href="#content">\(messages[.skipToContent])</a>
            <main id="content">
            \(body)
            </main>
            \(footer(messages, frame))
            </body>
            </html>

            """
        return html.rendered
    }

    /// The maker's policies and the language switch (every language named in its own language).
    static func footer(_ m: Messages, _ frame: PageFrame) -> HTML {
        let languages = Messages.languages.map { language -> HTML in
            let current: HTML = language.tag == m.locale ? " aria-current=\"true\"" : .empty
            return """
                <li><a href="\(url: frame.switchURL(language.tag))" hreflang="\(language.tag)" \
                lang="\(language.tag)"\(current)>\(language.name)</a></li>
                """
        }
        var policies: [HTML] = []
        if let privacy = frame.privacyURL { policies.append("<a href=\"\(url: privacy)\">\(m[.footerPrivacy])</a>") }
        if let terms = frame.termsURL { policies.append("<a href=\"\(url: terms)\">\(m[.footerTerms])</a>") }
        let links: HTML = policies.isEmpty ? .empty : "<p class=\"policies\">\(policies)</p>"
        return """
            <footer>\(links)<nav aria-label="\(m[.language])"><ul class="languages">\(languages)</ul></nav></footer>
            """
    }

    /// The hidden CSRF field every form carries (docs/pages.md).
    static func csrf(_ token: String) -> HTML {
        "<input type=\"hidden\" name=\"csrf_token\" value=\"\(token)\">"
    }

    static func hidden(_ name: String, _ value: String?) -> HTML {
        guard let value else { return .empty }
        return "<input type=\"hidden\" name=\"\(name)\" value=\"\(value)\">"
    }

    /// The maker's logo and name, at the top of a page (Google: "Include your logo").
    static func brand(product: String, logoURL: String?) -> HTML {
        let logo: HTML =
            logoURL.map { "<img class=\"logo\" src=\"\(url: $0)\" alt=\"\" width=\"48\" height=\"48\">" }
            ?? .empty
        return "<header class=\"brand\">\(logo)<p class=\"product\">\(product)</p></header>"
    }

    /// A date as `YYYY-MM-DD` in UTC, the same whatever the server's locale.
    static func day(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// A time as `YYYY-MM-DD HH:MM UTC`, the same whatever the server's locale (the account page's "last used").
    static func minute(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return day(date) + String(format: " %02d:%02d UTC", parts.hour ?? 0, parts.minute ?? 0)
    }

    /// The maker's accent colour; only a checked `#rgb`/`#rrggbb` value reaches the style sheet.
    static func accent(_ frame: PageFrame) -> HTML {
        guard let color = frame.accentColor, PageFrame.isHexColor(color) else { return .empty }
        return HTML.unsafeRaw(":root{--accent:\(color)}")
    }

    /// A type scale of 0.875 / 1 / 1.125 / 1.5 rem; logical properties only (inline/block), so
    /// the layout mirrors itself for right-to-left languages.
    static let css = HTML.unsafeRaw(
        """
        :root{--accent:#1a56b0;--ink:#1f2328;--muted:#57606a;--line:#8c959f;--danger:#b42318}\
        *{box-sizing:border-box}html{font-size:100%}\
        .skip{position:absolute;inset-inline-start:-10000px}.skip:focus{position:static;display:block;padding:.5rem}\
        body{font:1rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Arabic",\
        "Noto Sans JP",sans-serif;margin:0;background:#f6f7f9;color:var(--ink)}\
        main{max-inline-size:30rem;margin-block:1.5rem 0;margin-inline:auto;padding:1.25rem 1.5rem;\
        background:#fff;border-radius:12px;box-shadow:0 1px 3px #0002}\
        h1{font-size:1.5rem;line-height:1.25;margin-block:.5rem .75rem}\
        h2{font-size:1.125rem;line-height:1.3;margin-block:1.25rem .5rem}p{margin-block:.5rem}\
        a{color:var(--accent)}small,.note{font-size:.875rem;color:var(--muted)}\
        .brand{display:flex;align-items:center;gap:.75rem}.logo{display:block;border-radius:8px}\
        .product{font-weight:700;margin:0}.statement{font-weight:600}\
        label{display:block;margin-block:.75rem .25rem;font-weight:600}\
        input[type=email],input[type=password],input[type=text]{inline-size:100%;padding:.6rem;\
        border:1px solid var(--line);border-radius:6px;font:inherit}\
        button,.button{display:flex;gap:.5rem;align-items:center;justify-content:center;inline-size:100%;\
        margin-block:.5rem;padding:.65rem;border-radius:6px;font:inherit;font-weight:600;text-align:center;\
        text-decoration:none;cursor:pointer;border:1px solid var(--accent);background:var(--accent);color:#fff}\
        .secondary,button[value=deny]{background:#fff;color:var(--ink);border-color:var(--line)}\
        .danger{background:var(--danger);border-color:var(--danger);color:#fff}\
        .apple-black{background:#000;color:#fff;border-color:#000}.apple-white{background:#fff;color:#000;\
        border-color:#000}.google{background:#fff;color:#1f1f1f;border-color:#747775}\
        .error{color:var(--danger);font-weight:600}.or{text-align:center;color:var(--muted)}\
        ul{padding-inline-start:1.25rem}.inline{display:inline}.inline button{inline-size:auto;\
        display:inline-flex;padding:.3rem .8rem;margin-block:.25rem;margin-inline-start:.5rem}\
        .actions{position:sticky;inset-block-end:0;background:#fff;padding-block:.5rem;\
        border-block-start:1px solid #d0d7de;margin-block-start:1rem}\
        footer{max-inline-size:30rem;margin-inline:auto;padding:1rem 1.5rem 2rem;font-size:.875rem}\
        .languages{list-style:none;padding:0;margin:0;display:flex;flex-wrap:wrap;gap:.25rem 1rem}\
        .languages a{color:var(--ink)}.languages [aria-current]{font-weight:700}\
        .policies{display:flex;gap:1rem}.code{margin-block-start:1.5rem}\
        :focus-visible{outline:3px solid var(--accent);outline-offset:2px}\
        h3{font-size:1rem;margin-block:1rem .25rem}.topbar{display:flex;align-items:center;\
        justify-content:space-between;gap:.5rem}.topbar .inline button{margin:0}\
        .cards{list-style:none;padding:0;margin-block:.5rem;display:grid;gap:.5rem}\
        .cards>li{border:1px solid #d0d7de;border-radius:8px;padding:.6rem .75rem;display:flex;flex-wrap:wrap;\
        align-items:center;gap:.25rem .75rem}.cards>li .inline{margin-inline-start:auto}\
        .cards>li .inline button{margin:0}.detail{font-size:.875rem;color:var(--muted)}\
        .badge{display:inline-block;font-size:.875rem;font-weight:600;padding:0 .5rem;border-radius:999px;\
        background:#dafbe1;color:#116329}.badge.warn{background:#fff1e5;color:#953800}\
        .email{overflow-wrap:anywhere}.notice{padding:.5rem .75rem;border-radius:6px;background:#ddf4ff}\
        .danger-zone{margin-block-start:2rem;border:1px solid var(--danger);border-radius:8px;padding:.25rem 1rem}\
        .danger-zone h2{color:var(--danger)}\
        @media (max-width:30rem){main{margin-block-start:0;border-radius:0;padding:1rem}}
        """)
}
