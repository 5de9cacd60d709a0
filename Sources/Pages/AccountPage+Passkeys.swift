/// The passkeys of the account, in the sign-in methods (docs/passkeys.md, The web pages): the one call
/// that embeds `PasskeysSection` (name, added, last used, synced; add, rename, remove).
extension AccountPage {
    func passkeysSection(_ m: Messages) -> HTML {
        passkeys?.render(m) ?? .empty
    }
}
