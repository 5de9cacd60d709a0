import Foundation
import OAuthCore

extension StoreConformance {
    static func passkey(_ id: String, account: String, at seconds: Int = 0, count: Int64 = 0) -> Passkey {
        Passkey(credentialID: id, accountID: account, identityID: "pk-" + id, publicKey: [0xA5, 0x01, 0x02, 0x00, 0xFF],
                signCount: count, backupEligible: true, backedUp: false, name: "Key \(id)", createdAt: Fixture.time(seconds))
    }

    static func flow(_ hash: String, expiresAt seconds: Int) -> WebAuthnFlow {
        WebAuthnFlow(idHash: hash, purpose: .authentication, challenge: [UInt8](repeating: 7, count: 32),
                     clientID: "app", expiresAt: Fixture.time(seconds))
    }

    /// PasskeyStore (Sources/OAuthCore/Storage/PasskeyStore.swift).
    static let passkeyCases: [ConformanceCase] = [
        ConformanceCase("passkeys: round trip, one credential ID across all accounts, per account, oldest first") { s in
            try s.insertAccount(Fixture.account("a"))
            try s.insertAccount(Fixture.account("b"))
            try s.insertPasskey(passkey("cred-2", account: "a", at: 20, count: 5))
            try s.insertPasskey(passkey("cred-1", account: "a", at: 10))
            try expectConflict("the same credential ID for another account") {
                try s.insertPasskey(passkey("cred-1", account: "b", at: 30))
            }
            try expectEqual(try s.passkey(credentialID: "cred-2"), passkey("cred-2", account: "a", at: 20, count: 5), "read back")
            try expectNil(try s.passkey(credentialID: "CRED-2"), "IDs compare as bytes")
            try expectEqual(try s.passkeys(accountID: "a").map(\.credentialID), ["cred-1", "cred-2"], "oldest first")
            try expectEqual(try s.passkeys(accountID: "b"), [], "none for b")
        },
        ConformanceCase("passkeys: use recorded, deleted, erased with the account, rolled back") { s in
            try s.insertAccount(Fixture.account("a"))
            try s.insertPasskey(passkey("cred-1", account: "a"))
            try s.insertPasskey(passkey("cred-2", account: "a"))
            try expectEqual(try s.recordPasskeyUse(credentialID: "cred-1", signCount: 9, backedUp: true, at: Fixture.time(50)),
                            true, "recorded")
            let used = try s.passkey(credentialID: "cred-1")
            try expectEqual(used?.signCount, 9, "count")
            try expectEqual(used?.backedUp, true, "BS flag")
            try expectEqual(used?.lastUsedAt, Fixture.time(50), "last used")
            try expectRollback {
                try s.transaction { tx in
                    _ = try tx.deletePasskey(credentialID: "cred-1")
                    throw Rollback()
                }
            }
            try expect(try s.passkey(credentialID: "cred-1") != nil, "rolled back with its transaction")
            try expectEqual(try s.deletePasskey(credentialID: "cred-1"), true, "deleted")
            try expectEqual(try s.deletePasskey(credentialID: "cred-1"), false, "already gone")
            try expectEqual(try s.recordPasskeyUse(credentialID: "cred-1", signCount: 1, backedUp: false, at: Fixture.time(60)),
                            false, "no use of a deleted passkey")
            _ = try s.eraseAccount(id: "a", at: Fixture.time(70))
            try expectNil(try s.passkey(credentialID: "cred-2"), "erased with the account")
        },
        ConformanceCase("passkeys: renamed only by their own account, in its transaction") { s in
            try s.insertAccount(Fixture.account("a"))
            try s.insertAccount(Fixture.account("b"))
            try s.insertPasskey(passkey("cred-1", account: "a"))
            try expectEqual(try s.renamePasskey(credentialID: "cred-1", accountID: "b", name: "Stolen"), false,
                            "another account's passkey")
            try expectEqual(try s.renamePasskey(credentialID: "cred-9", accountID: "a", name: "None"), false, "unknown")
            try expectEqual(try s.renamePasskey(credentialID: "cred-1", accountID: "a", name: "Laptop ノート"), true, "renamed")
            try expectRollback {
                try s.transaction { tx in
                    _ = try tx.renamePasskey(credentialID: "cred-1", accountID: "a", name: "Lost")
                    throw Rollback()
                }
            }
            try expectEqual(try s.passkey(credentialID: "cred-1")?.name, "Laptop ノート", "kept, the rollback undone")
        },
        ConformanceCase("webauthn flows: taken once, not after expiry, expired ones dropped") { s in
            try s.insertWebAuthnFlow(flow("h1", expiresAt: 300), at: Fixture.time(0))
            try s.insertWebAuthnFlow(flow("h2", expiresAt: 300), at: Fixture.time(0))
            try expectConflict("the same flow twice") { try s.insertWebAuthnFlow(flow("h1", expiresAt: 300), at: Fixture.time(0)) }
            try expectEqual(try s.takeWebAuthnFlow(idHash: "h1", at: Fixture.time(299)), flow("h1", expiresAt: 300), "taken")
            try expectNil(try s.takeWebAuthnFlow(idHash: "h1", at: Fixture.time(299)), "used once")
            try expectNil(try s.takeWebAuthnFlow(idHash: "h2", at: Fixture.time(300)), "expired at its expiry")
            try expectNil(try s.takeWebAuthnFlow(idHash: "h2", at: Fixture.time(10)), "an expired take still removed it")
            try s.insertWebAuthnFlow(flow("h3", expiresAt: 400), at: Fixture.time(0))
            try s.insertWebAuthnFlow(flow("h4", expiresAt: 900), at: Fixture.time(500))
            try expectNil(try s.takeWebAuthnFlow(idHash: "h3", at: Fixture.time(10)), "dropped when a later flow was stored")
            try expectNil(try s.takeWebAuthnFlow(idHash: "unknown", at: Fixture.time(0)), "unknown")
        },
        ConformanceCase("webauthn flows: a sign-up keeps its account ID, client, address and name") { s in
            let signUp = WebAuthnFlow(idHash: "h5", purpose: .signUp, challenge: [1, 2, 3], accountID: "acc_new",
                                      clientID: "app", email: "new@example.com", displayName: "Zoë", expiresAt: Fixture.time(300))
            try s.insertWebAuthnFlow(signUp, at: Fixture.time(0))
            try s.insertWebAuthnFlow(flow("h6", expiresAt: 300), at: Fixture.time(0))
            try expectEqual(try s.takeWebAuthnFlow(idHash: "h5", at: Fixture.time(1)), signUp, "read back whole")
            let plain = try s.takeWebAuthnFlow(idHash: "h6", at: Fixture.time(1))
            try expectNil(plain?.email, "no address on a sign-in flow")
            try expectNil(plain?.displayName, "no name on a sign-in flow")
        },
    ]
}
