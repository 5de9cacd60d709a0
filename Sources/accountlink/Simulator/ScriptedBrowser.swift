import Foundation

/// A browser without a screen: keeps cookies, follows redirects on this server only, and submits
/// forms read from the pages themselves, so each step of the browser flow can be shown.
final class ScriptedBrowser: @unchecked Sendable {
    struct Page {
        let response: SimResponse
        let url: URL
        var forms: [HTMLForm] { HTMLForms.parse(response.text) }
    }

    let base: URL
    let http: SimHTTP
    private(set) var cookies: [String: String] = [:]

    init(base: URL, http: SimHTTP) {
        self.base = base
        self.http = http
    }

    func get(_ url: URL) async throws -> Page {
        try await follow(Page(response: try await http.get(url, headers: cookieHeader()), url: url))
    }

    /// Posts `form` with its own fields, `changes` on top, and the pressed button; redirects on this
    /// server are followed, a redirect elsewhere (to Google) is returned as is.
    func submit(_ form: HTMLForm, on page: Page, _ changes: [String: String], button: (String, String)? = nil)
        async throws -> Page
    {
        guard let target = URL(string: form.action, relativeTo: page.url)?.absoluteURL else {
            throw SimulationFailure("the form action \(form.action) is not a URL")
        }
        var fields = form.fields.map { (name: $0.name, value: changes[$0.name] ?? $0.value) }
        for (name, value) in changes where !form.has(field: name) { fields.append((name, value)) }
        if let button { fields.append((button.0, button.1)) }
        let response = try await http.post(target, form: fields, headers: cookieHeader())
        return try await follow(Page(response: response, url: target))
    }

    private func follow(_ first: Page) async throws -> Page {
        var page = first
        for _ in 0..<10 {
            keepCookies(page.response)
            guard [301, 302, 303, 307].contains(page.response.status), let location = page.response.location,
                let next = URL(string: location, relativeTo: page.url)?.absoluteURL, next.host == base.host,
                next.port == base.port
            else { return page }
            page = Page(response: try await http.get(next, headers: cookieHeader()), url: next)
        }
        throw SimulationFailure("too many redirects from \(first.url)")
    }

    /// `Set-Cookie` fields arrive joined by ", " (our cookies carry Max-Age, never a dated Expires).
    private func keepCookies(_ response: SimResponse) {
        guard let header = response.headers["set-cookie"] else { return }
        for cookie in header.components(separatedBy: ", ") {
            let parts = cookie.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let pair = parts.first, let equals = pair.firstIndex(of: "=") else { continue }
            let name = String(pair[..<equals]), value = String(pair[pair.index(after: equals)...])
            cookies[name] = parts.contains("Max-Age=0") || value.isEmpty ? nil : value
        }
    }

    private func cookieHeader() -> [String: String] {
        cookies.isEmpty ? [:] : ["Cookie": cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")]
    }
}
