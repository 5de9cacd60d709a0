extension SQLiteMigrations {
    /// Version 21: a sign-up ceremony keeps the address and the name the account is made with when the
    /// passkey comes back (docs/passkeys.md, "Sign-up with a passkey").
    static let passkeySignUp = """
        ALTER TABLE webauthn_flows ADD COLUMN email TEXT;
        ALTER TABLE webauthn_flows ADD COLUMN display_name TEXT;
        """
}
