import OAuthCore

/// Every field of every model survives a write and a read, including nil optionals, empty and
/// non-UTF-8 bytes, and strings with spaces, quotes and non-ASCII characters.
extension StoreConformance {
    static let odd = "a b \"q\" \\ Zoë 🚀 ,[]"

    static let roundTripCases: [ConformanceCase] = [
        ConformanceCase("round trip: clients with every field and with nils and empties") { s in
            let full = Client(
                id: "full", name: odd, secretHash: "pbkdf2$x", redirectURIs: ["https://a.example/r", odd],
                scopes: ["openid", odd], isPublic: true, firstParty: true, appFlip: true,
                rotateRefreshTokens: true, createdAt: Fixture.time(1))
            let bare = Client(
                id: "bare", name: "", secretHash: nil, redirectURIs: [], createdAt: Fixture.time(-5))
            try s.insertClient(full)
            try s.insertClient(bare)
            try expectEqual(try s.listClients(), [bare, full], "clients")
        },
        ConformanceCase("round trip: accounts and identities") { s in
            for (i, status) in [Account.Status.active, .disabled, .deleted].enumerated() {
                let account = Account(
                    id: "a\(i)", status: status, email: i == 0 ? nil : odd, emailVerified: i == 1,
                    displayName: i == 2 ? nil : odd, createdAt: Fixture.time(i))
                try s.insertAccount(account)
                try expectEqual(try s.account(id: "a\(i)"), account, "account \(status)")
            }
            let bare = LinkedIdentity(
                id: "bare", accountID: "a0", provider: .password, subject: odd, email: nil,
                emailVerified: false, isPrivateEmail: false, realUserStatus: nil, emailReachable: false,
                firstSignInAt: Fixture.time(3), lastSignInAt: Fixture.time(4))
            let full = LinkedIdentity(
                id: "full", accountID: "a0", provider: .google, subject: "1234567890", email: odd,
                emailVerified: true, isPrivateEmail: true, realUserStatus: 0, emailReachable: true,
                picture: "https://lh3.googleusercontent.com/a/" + odd, firstSignInAt: Fixture.time(5),
                lastSignInAt: Fixture.time(6))
            try s.insertIdentity(bare)
            try s.insertIdentity(full)
            try expectEqual(try s.identities(accountID: "a0"), [bare, full], "identities")
            try expectEqual(
                try s.identity(provider: .password, subject: odd), bare, "identity by odd subject")
        },
        ConformanceCase("round trip: grants, codes and tokens") { s in
            try s.insertAccount(Fixture.account("a"))
            let grant = Grant(
                id: "g", accountID: "a", clientID: "deleted-client", scope: [], createdAt: Fixture.time(1),
                revokedAt: Fixture.time(2))
            try s.insertGrant(grant)
            try expectEqual(try s.grant(id: "g"), grant, "grant")
            let code = AuthorizationCode(
                hash: "h", grantID: "g", clientID: "c", accountID: "a", redirectURI: odd,
                scope: [odd], nonce: nil, codeChallenge: nil, authTime: Fixture.time(-1),
                createdAt: Fixture.time(1), expiresAt: Fixture.time(2), consumedAt: Fixture.time(3))
            try s.insertCode(code)
            try expectEqual(
                try s.consumeCode(hash: "h", at: Fixture.time(9)), .alreadyUsed(code), "stored consumed code")
            let token = TokenRecord(
                hash: odd, kind: .refresh, grantID: "g", clientID: "c", accountID: "a",
                scope: ["openid", ""], authTime: Fixture.time(1), createdAt: Fixture.time(2),
                expiresAt: Fixture.time(3), revokedAt: Fixture.time(4), rotatedAt: Fixture.time(5))
            try s.insertToken(token)
            try expectEqual(try s.token(hash: odd), token, "token")
        },
        ConformanceCase("round trip: sessions, interactions, keys, credentials and audit") { s in
            try s.insertAccount(Fixture.account("a"))
            let session = Session(
                hash: odd, accountID: "a", csrfSecret: Array(0...255), authTime: Fixture.time(1),
                createdAt: Fixture.time(2), expiresAt: Fixture.time(3))
            try s.insertSession(session)
            try expectEqual(try s.session(hash: odd), session, "session")
            let interaction = Interaction(
                id: "i", request: [], accountID: "a", csrfSecret: [0],
                createdAt: Fixture.time(1), expiresAt: Fixture.time(2))
            try s.insertInteraction(interaction)
            try expectEqual(try s.interaction(id: "i"), interaction, "interaction")
            let key = StoredSigningKey(
                kid: odd, algorithm: "ES256", encryptedPrivateKey: [], publicJWK: odd,
                createdAt: Fixture.time(1), retiredAt: Fixture.time(2), removeAfter: Fixture.time(3))
            try s.insertSigningKey(key)
            try expectEqual(try s.signingKeys(), [key], "signing key")
            let revocation = PendingRevocation(
                id: "r", provider: .google, encryptedRefreshToken: [255, 0],
                attempts: 7, nextAttemptAt: Fixture.time(1), lastError: odd)
            try s.insertPendingRevocation(revocation)
            try expectEqual(
                try s.duePendingRevocations(at: Fixture.time(1)), [revocation], "pending revocation")
            let event = AuditEvent(
                storedID: "e", time: Fixture.time(1), kind: odd, accountID: "a", clientID: odd, detail: odd,
                ip: "2001:db8::1", userAgent: odd)
            try s.appendAudit(event)
            try expectEqual(try s.auditEvents(limit: 1), [event], "audit event")
        },
    ]
}
