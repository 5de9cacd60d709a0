import Identity

extension ConfigurationLoader {
    static let passkeyRPID = Setting(env: "ACCOUNTLINK_PASSKEY_RP_ID", json: "passkey_rp_id", flag: nil)
    static let passkeyOrigins = Setting(env: "ACCOUNTLINK_PASSKEY_ORIGINS", json: "passkey_origins", flag: nil)

    /// README, Configuration: the RP ID (default the issuer's host) must be the issuer's host or a
    /// registrable suffix of it; further origins are https origins or `android:apk-key-hash:…`.
    func addPasskeySettings(_ configuration: inout ServerConfiguration) throws {
        do {
            configuration.passkeys = try PasskeySettings.relyingParty(
                issuer: configuration.issuer, rpID: value(Self.passkeyRPID), origins: list(Self.passkeyOrigins))
        } catch {
            let setting = error.setting == Self.passkeyOrigins.env ? Self.passkeyOrigins
                : error.setting == Self.passkeyRPID.env ? Self.passkeyRPID : Self.issuer
            throw ConfigurationError(key: name(setting), error.message)
        }
    }
}
