import Foundation

/// The passkeys of the account, in the sign-in methods (docs/passkeys.md): each with its name and when it
/// was added. Adding and removing passkeys on the web is the passkeys page code's; this lists them.
extension AccountPage {
    public struct PasskeyItem: Sendable, Equatable {
        public var name: String
        public var createdAt: Date

        public init(name: String, createdAt: Date) {
            self.name = name
            self.createdAt = createdAt
        }
    }

    func passkeysSection(_ m: Messages) -> HTML {
        guard !passkeys.isEmpty else { return .empty }
        let items = passkeys.map { passkey -> HTML in
            """
            <li><strong>\(passkey.name)</strong> \
            <span class="detail">\(m.text(.passkeyAddedOn, ["date": Layout.day(passkey.createdAt)]))</span></li>
            """
        }
        return "<h3>\(m[.passkeysHeading])</h3><ul class=\"cards\">\(items)</ul>"
    }
}
