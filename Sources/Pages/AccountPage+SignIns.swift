import Foundation

/// "Where you're signed in" (docs/accounts-and-email.md, "Sessions and app sign-ins"): each web session and
/// app sign-in on a card (what it is, when it was last used, its place as an IP address, "This device" for
/// the one showing the page) with Sign out, then Sign out everywhere.
extension AccountPage {
    public struct SignIn: Sendable, Equatable {
        public enum Kind: Sendable, Equatable {
            /// A browser session; `ref` names it in the form (field `session`).
            case web(ref: String, userAgent: String?)
            /// An app's sign-in; its grant is named in the form (field `grant`).
            case app(grantID: String, appName: String)
        }

        public var kind: Kind
        public var ipAddress: String?
        public var lastUsedAt: Date
        public var isCurrent: Bool

        public init(kind: Kind, ipAddress: String?, lastUsedAt: Date, isCurrent: Bool = false) {
            self.kind = kind
            self.ipAddress = ipAddress
            self.lastUsedAt = lastUsedAt
            self.isCurrent = isCurrent
        }
    }

    func signInsSection(_ m: Messages) -> HTML {
        let cards: HTML = signIns.isEmpty ? .empty : "<ul class=\"cards\">\(signIns.map { signInCard(m, $0) })</ul>"
        return """
            <section aria-labelledby="sessions-heading"><h2 id="sessions-heading">\(m[.sessionsHeading])</h2>
            <p class="note">\(m[.sessionsIntro])</p>\(cards)
            <form method="post" action="/account/sign-out-everywhere">\(Layout.csrf(csrfToken))\
            <button class="secondary" type="submit">\(m[.signOutEverywhere])</button></form>
            <p class="note">\(m[.signOutEverywhereHint])</p></section>
            """
    }

    func signInCard(_ m: Messages, _ signIn: SignIn) -> HTML {
        let (label, field, value): (String, String, String) = switch signIn.kind {
        case .web(let ref, let userAgent): (DeviceName.describe(userAgent, m), "session", ref)
        case .app(let grantID, let appName): (m.text(.appSignInLabel, ["app": appName]), "grant", grantID)
        }
        let current: HTML = signIn.isCurrent ? " <span class=\"badge\">\(m[.thisDevice])</span>" : .empty
        let place = signIn.ipAddress.map { m.text(.placeIP, ["ip": $0]) } ?? m[.placeUnknown]
        return """
            <li><strong>\(label)</strong>\(current)
            <span class="detail">\(m.text(.lastUsedAt, ["time": Layout.minute(signIn.lastUsedAt)]))</span>
            <span class="detail">\(place)</span>
            <form class="inline" method="post" action="/account/sign-ins/end">\(Layout.csrf(csrfToken))\
            \(Layout.hidden(field, value))<button class="secondary" type="submit">\(m[.signOutOne])</button></form></li>
            """
    }
}

/// A browser's `User-Agent` in words ("Chrome on Linux"): the browser and the system, from the product
/// tokens browsers send (RFC 9110 §10.1.5); anything else is "Unknown browser" or the first product's name.
enum DeviceName {
    /// Checked in order: Edge and Opera also say Chrome, Chrome also says Safari.
    static let browsers: [(token: String, name: String)] = [
        ("Edg/", "Edge"), ("OPR/", "Opera"), ("Firefox/", "Firefox"), ("FxiOS/", "Firefox"), ("CriOS/", "Chrome"),
        ("Chrome/", "Chrome"), ("Safari/", "Safari"),
    ]
    /// iPhone and Android before Linux and Mac OS X, which their agents also name.
    static let systems: [(token: String, name: String)] = [
        ("iPhone", "iPhone"), ("iPad", "iPad"), ("Android", "Android"), ("CrOS", "ChromeOS"), ("Windows", "Windows"),
        ("Mac OS X", "macOS"), ("Linux", "Linux"),
    ]

    static func describe(_ userAgent: String?, _ m: Messages) -> String {
        guard let userAgent, !userAgent.isEmpty else { return m[.unknownDevice] }
        let browser = browsers.first { userAgent.contains($0.token) }?.name
        let system = systems.first { userAgent.contains($0.token) }?.name
        switch (browser, system) {
        case (let browser?, let system?): return m.text(.deviceOn, ["browser": browser, "system": system])
        case (let browser?, nil): return browser
        default:
            let product = userAgent.split(separator: " ").first.map { String($0.split(separator: "/").first ?? $0) }
            return product.map { String($0.prefix(40)) } ?? m[.unknownDevice]
        }
    }
}
