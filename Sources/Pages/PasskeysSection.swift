import Foundation

/// The passkeys of the account page (docs/passkeys.md, The web pages): each with its name, when it was
/// added and last used, and whether it is synced (the BS flag); rename and remove as CSRF forms; and
/// "Add a passkey" (`data-passkey="register"`), which the same-origin script drives. `AccountPage`
/// embeds it with one call (`render`).
public struct PasskeysSection: Sendable {
    public struct Item: Sendable {
        public var credentialID: String
        public var name: String
        public var createdAt: Date
        public var lastUsedAt: Date?
        public var synced: Bool

        public init(credentialID: String, name: String, createdAt: Date, lastUsedAt: Date?, synced: Bool) {
            self.credentialID = credentialID
            self.name = name
            self.createdAt = createdAt
            self.lastUsedAt = lastUsedAt
            self.synced = synced
        }
    }

    public var items: [Item]
    public var csrfToken: String
    /// False while the account's address is unproven: nothing may be added (`AccountPage.addingMethodsBlocked`).
    public var canAdd: Bool
    public var optionsURL = "/account/passkeys/options"
    public var addAction = "/account/passkeys"
    public var renameAction = "/account/passkeys/rename"
    public var removeAction = "/account/passkeys/remove"

    public init(items: [Item], csrfToken: String, canAdd: Bool = true) {
        self.items = items
        self.csrfToken = csrfToken
        self.canAdd = canAdd
    }

    public func render(_ m: Messages) -> HTML {
        let list: HTML = items.isEmpty
            ? "<p>\(m[.passkeyNone])</p>"
            : "<ul class=\"passkeys\">\(items.enumerated().map { item(m, $0.offset, $0.element) })</ul>"
        return """
            <section class="passkeys" aria-labelledby="passkeys-heading">
            <h3 id="passkeys-heading">\(m[.passkeysHeading])</h3>
            <p class="note">\(m[.passkeysIntro])</p>
            \(list)
            \(canAdd ? addForm(m) : .empty)
            </section>
            """
    }

    func item(_ m: Messages, _ index: Int, _ item: Item) -> HTML {
        let used = item.lastUsedAt.map { m.text(.passkeyLastUsed, ["date": Layout.day($0)]) } ?? m[.passkeyNeverUsed]
        let field = "passkey-name-\(index)"
        return """
            <li data-passkey-id="\(item.credentialID)"><strong>\(item.name)</strong> \
            <span>\(m.text(.passkeyCreated, ["date": Layout.day(item.createdAt)]))</span> · <span>\(used)</span> · \
            <span>\(item.synced ? m[.passkeySynced] : m[.passkeyNotSynced])</span>
            <form method="post" action="\(url: renameAction)">\(Layout.csrf(csrfToken))\
            \(Layout.hidden("credential_id", item.credentialID))\
            <label for="\(field)">\(m[.passkeyName])</label>\
            <input id="\(field)" name="name" type="text" maxlength="64" required value="\(item.name)">\
            <button class="secondary" type="submit">\(m[.passkeyRename])</button></form>
            <form method="post" action="\(url: removeAction)">\(Layout.csrf(csrfToken))\
            \(Layout.hidden("credential_id", item.credentialID))\
            <button class="secondary" type="submit" data-passkey-remove>\(m[.remove])</button></form></li>
            """
    }

    /// Hidden until the script finds WebAuthn in the browser; the credential travels in the hidden fields.
    func addForm(_ m: Messages) -> HTML {
        """
        <form method="post" action="\(url: addAction)" data-passkey-options="\(url: optionsURL)" hidden>\
        \(Layout.csrf(csrfToken))\(PasskeyControls.resultFields)\
        <label for="passkey-new-name">\(m[.passkeyName])</label>\
        <input id="passkey-new-name" name="name" type="text" maxlength="64" autocomplete="off">\
        <button type="button" data-passkey="register">\(m[.passkeyAdd])</button></form>
        \(PasskeyControls.failureNote(m[.passkeyNotAdded]))
        \(PasskeyControls.script)
        """
    }
}
