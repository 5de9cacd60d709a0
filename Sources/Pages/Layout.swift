import Foundation

/// The shell every page shares: one small, valid HTML5 document with inline CSS and no remote
/// scripts, fonts or styles, so the pages work under `default-src 'self'`.
enum Layout {
    static func document(title: String, messages: Messages, body: HTML) -> String {
        let html: HTML = """
            <!DOCTYPE html>
            <html lang="\(messages.locale)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="referrer" content="no-referrer">
            <title>\(title)</title>
            <style>\(css)</style>
            </head>
            <body>
            <main>
            \(body)
            </main>
            </body>
            </html>

            """
        return html.rendered
    }

    /// The hidden CSRF field every form carries (CONTRACT.md "Web forms").
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
            logoURL.map { "<img class=\"logo\" src=\"\(url: $0)\" alt=\"\" width=\"64\" height=\"64\">" }
            ?? .empty
        return "<header>\(logo)<p class=\"product\">\(product)</p></header>"
    }

    /// A date as `YYYY-MM-DD` in UTC, the same whatever the server's locale.
    static func day(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    static let css = HTML.unsafeRaw(
        """
        body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;\
        background:#f6f7f9;color:#1f2328}main{max-width:28rem;margin:2rem auto;padding:1.5rem;\
        background:#fff;border-radius:12px;box-shadow:0 1px 3px #0002}h1{font-size:1.4rem}\
        label{display:block;margin:.75rem 0 .25rem}input[type=email],input[type=password]{width:100%;\
        box-sizing:border-box;padding:.6rem;border:1px solid #8c959f;border-radius:6px;font:inherit}\
        button,.button{display:flex;gap:.5rem;align-items:center;justify-content:center;width:100%;\
        box-sizing:border-box;margin:.5rem 0;padding:.65rem;border-radius:6px;font:inherit;\
        font-weight:600;text-decoration:none;cursor:pointer;border:1px solid #1f2328;background:#1f2328;\
        color:#fff}.secondary,button[value=deny]{background:#fff;color:#1f2328}.apple-black{background:#000;\
        color:#fff;border-color:#000}.apple-white{background:#fff;color:#000;border-color:#000}\
        .google{background:#fff;color:#1f1f1f;border-color:#747775}.error{color:#b42318;\
        font-weight:600}.logo{display:block}.product{font-weight:700}ul{padding-left:1.2rem}\
        .inline{display:inline}.inline button{width:auto;display:inline-flex;padding:.3rem .8rem}\
        :focus-visible{outline:3px solid #0969da;outline-offset:2px}
        """)
}
