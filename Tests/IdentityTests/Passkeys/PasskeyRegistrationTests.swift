import Foundation
import JOSE
import OAuthCore
import StoreMemory
import Support
import Testing
import WebAuthn
import WebAuthnTesting
@testable import Identity

/// Registration refusals, one credential ID per account, removal and erasure.
@Suite struct PasskeyRegistrationTests {
    let h = PasskeyHarness()
    typealias H = PasskeyHarness

    func finish(_ account: String, _ make: (SoftwareAuthenticator, [UInt8]) throws -> JSONValue,
                authenticator: SoftwareAuthenticator? = nil, flowAccount: String? = nil) throws {
        let key = try authenticator ?? SoftwareAuthenticator(credentialID: Array(UUID().uuidString.utf8))
        let (flowID, challenge) = H.flow(try h.registration.options(accountID: flowAccount ?? account))
        try h.registration.finish(accountID: account, flowID: flowID, credential: try make(key, challenge), name: nil)
    }

    @Test func everyRegistrationCheckRefusesWithInvalidGrant() throws {
        let account = try h.account()
        let cases: [(String, (SoftwareAuthenticator, [UInt8]) throws -> JSONValue)] = [
            ("wrong challenge", { k, _ in try H.registrationJSON(k, challenge: [7]) }),
            ("wrong origin", { try H.registrationJSON($0, challenge: $1, origin: "https://example.com.evil") }),
            ("wrong RP ID hash", { try H.registrationJSON($0, challenge: $1, rpID: "example.org") }),
            ("UV missing", { try H.registrationJSON($0, challenge: $1, flags: [.userPresent]) }),
            ("UP missing", { try H.registrationJSON($0, challenge: $1, flags: [.userVerified]) }),
            ("not a credential", { _, _ in ["id": "x"] }),
        ]
        for (what, make) in cases { #expect(invalidGrant { try finish(account, make) }, "\(what)") }
        #expect(invalidGrant { try finish(account, { try H.registrationJSON($0, challenge: $1) }, flowAccount: try h.account()) },
                "another account's flow")
        #expect(try h.storage.passkeys(accountID: account).isEmpty)
        #expect(!(try h.auditKinds().contains("passkey.added")))
    }

    @Test func aCredentialIDBelongsToOneAccountOnly() throws {
        let first = try h.account()
        let second = try h.account()
        let key = try h.register(first, id: [4, 4, 4])
        #expect(invalidGrant { try finish(second, { try H.registrationJSON($0, challenge: $1) }, authenticator: key) })
        #expect(invalidGrant { try finish(first, { try H.registrationJSON($0, challenge: $1) }, authenticator: key) })
        #expect(try h.storage.passkeys(accountID: second).isEmpty)
        #expect(try h.storage.passkey(credentialID: Base64URL.encode([4, 4, 4]))?.accountID == first)
    }

    @Test func aPasskeyIsRemovedAsAMethodButNeverTheLast() throws {
        let account = try h.account()
        let key = try h.register(account, id: [5])
        let service = SignInService(storage: h.storage, clock: h.clock, random: SystemRandom(),
                                    logger: Logger(label: "test", minimumLevel: .error, sink: MemorySink()))
        try service.removeIdentities(accountID: account, provider: .password)
        #expect(throws: SignInService.Failure.lastIdentity) {
            try service.removePasskey(accountID: account, credentialID: Base64URL.encode([5]))
        }
        try h.register(account, id: [6])
        try service.removePasskey(accountID: account, credentialID: Base64URL.encode([5]))
        #expect(try h.storage.passkey(credentialID: Base64URL.encode([5])) == nil)
        #expect(try h.auditKinds().contains("passkey.removed"))
        #expect(invalidGrant { _ = try h.signIn { try H.assertionJSON(key, challenge: $0, userHandle: account) } })
    }

    @Test func aPasskeyGoesWithItsAccount() throws {
        let account = try h.account()
        try h.register(account, id: [8])
        _ = try h.storage.eraseAccount(id: account, at: h.clock.now())
        #expect(try h.storage.passkey(credentialID: Base64URL.encode([8])) == nil)
    }

    @Test(arguments: [
        ("https://login.example.com", nil, [String](), "login.example.com"),
        ("https://login.example.com", "example.com", [], "example.com"),
        ("http://localhost:8080", nil, [], "localhost"),
    ] as [(String, String?, [String], String)])
    func relyingPartySettings(issuer: String, rpID: String?, origins: [String], expected: String) throws {
        let party = try PasskeySettings.relyingParty(issuer: URL(string: issuer)!, rpID: rpID, origins: origins)
        #expect(party.id == expected)
        #expect(party.origins == [issuer])
    }

    @Test(arguments: [
        ("https://login.example.com", "other.com", [String](), "ACCOUNTLINK_PASSKEY_RP_ID"),
        ("https://login.example.com", "com", [], "ACCOUNTLINK_PASSKEY_RP_ID"),
        ("https://login.example.com", "ample.com", [], "ACCOUNTLINK_PASSKEY_RP_ID"),
        ("https://login.example.com", nil, ["http://example.com"], "ACCOUNTLINK_PASSKEY_ORIGINS"),
        ("https://login.example.com", nil, ["https://example.com/path"], "ACCOUNTLINK_PASSKEY_ORIGINS"),
        ("https://login.example.com", nil, ["android:apk-key-hash:"], "ACCOUNTLINK_PASSKEY_ORIGINS"),
    ] as [(String, String?, [String], String)])
    func relyingPartySettingsRefused(issuer: String, rpID: String?, origins: [String], setting: String) {
        #expect(throws: PasskeySettings.Problem.self) {
            _ = try PasskeySettings.relyingParty(issuer: URL(string: issuer)!, rpID: rpID, origins: origins)
        }
        do { _ = try PasskeySettings.relyingParty(issuer: URL(string: issuer)!, rpID: rpID, origins: origins) }
        catch { #expect(error.setting == setting) }
    }
}
