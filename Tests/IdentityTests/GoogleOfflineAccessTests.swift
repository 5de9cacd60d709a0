import Foundation
import JOSE
import OAuthCore
import Support
import Testing
@testable import Identity

/// Google offline access (docs/sign-in.md: `google_server_auth_code`) against the Google stand-in: the
/// refresh token is kept sealed and revoked at Google through the one pending-revocation queue.
@Suite struct GoogleOfflineAccessTests {
    func signedIn(_ world: GoogleWorld, code: String = "4/code", refresh: String? = "1//refresh-ann",
                  sub: String = "g-ann") async throws -> String {
        world.google.addCode(code, sub: sub, refreshToken: refresh)
        guard case .signedIn(let id, true) = try await world.signIn.signIn(
            provider: .google, identity: world.h.googleIdentity(sub: sub, email: "\(sub.dropFirst(2))@gmail.com"),
            googleServerAuthCode: code)
        else { throw Harness.Failure() }
        return id
    }

    /// A signed `token-revoked` event naming a refresh token by `algorithm`.
    func tokenRevoked(_ world: GoogleWorld, _ algorithm: String, _ token: String) throws -> [UInt8] {
        try world.event("oauth/event-type/token-revoked", subject: [
            "subject_type": "oauth_token", "token_type": "refresh_token", "token_identifier_alg": .string(algorithm),
            "token": .string(token),
        ])
    }

    /// The account's stored Google token as one saved before lookup keys were kept (migration 12).
    func dropLookupKeys(_ world: GoogleWorld, account: String) throws {
        var stored = try #require(try world.h.storage.thirdPartyTokens(accountID: account).first)
        stored.lookupKeys = nil
        try world.h.storage.saveThirdPartyToken(stored)
    }

    @Test func theRefreshTokenIsSealedAndRevokedWhenTheAccountIsDeleted() async throws {
        let world = try GoogleWorld(try Harness())
        let account = try await signedIn(world)
        let stored = try #require(try world.h.storage.thirdPartyTokens(accountID: account).first)
        #expect(stored.provider == .google)
        #expect(!String(decoding: stored.encryptedRefreshToken, as: UTF8.self).contains("1//refresh-ann"))
        #expect(try world.h.sealer.open(stored.encryptedRefreshToken, provider: .google).refreshToken == "1//refresh-ann")
        let report = try await world.deletion.delete(accountID: account)
        #expect(report.providerTokensRevoked == 1 && report.providerTokensPending == 0)
        #expect(world.google.revoked == ["1//refresh-ann"])
    }

    @Test func aGoogleOutageNeitherBlocksTheDeletionNorLosesTheRevocation() async throws {
        let world = try GoogleWorld(try Harness())
        let account = try await signedIn(world)
        world.google.stop()
        let report = try await world.deletion.delete(accountID: account)
        #expect(report.providerTokensPending == 1)
        #expect(try world.h.account(account).status == .deleted)
        #expect(try await world.deletion.retryDue() == 0, "not due yet, Google still down")
        try world.google.start()
        world.h.clock.advance(by: 3601)
        #expect(try await world.deletion.retryDue() == 1)
        #expect(world.google.revoked == ["1//refresh-ann"])
        #expect(try world.h.storage.duePendingRevocations(at: world.h.clock.now().addingTimeInterval(86_400)).isEmpty)
    }

    @Test func removingTheGoogleIdentityQueuesItsRevocation() async throws {
        let world = try GoogleWorld(try Harness())
        let account = try await signedIn(world)
        try await world.signIn.addIdentity(to: account, provider: .apple,
                                           identity: world.h.appleIdentity(sub: "001.ann"))
        let google = try #require(try world.h.storage.identity(provider: .google, subject: "g-ann"))
        try world.signIn.removeIdentity(accountID: account, identityID: google.id)
        #expect(try await world.deletion.retryDue() == 1)
        #expect(world.google.revoked == ["1//refresh-ann"])
    }

    @Test func aRefusedOrUnreachableCodeCreatesNothing() async throws {
        let world = try GoogleWorld(try Harness())
        let identity = try await world.h.googleIdentity(sub: "g-bob", email: "bob@gmail.com")
        await #expect(throws: SignInService.Failure.authorizationCodeRefused) {
            try await world.signIn.signIn(provider: .google, identity: identity, googleServerAuthCode: "4/never-issued")
        }
        world.google.stop()
        await #expect(throws: SignInService.Failure.providerUnavailable) {
            try await world.signIn.signIn(provider: .google, identity: identity, googleServerAuthCode: "4/any")
        }
        #expect(try world.h.storage.identity(provider: .google, subject: "g-bob") == nil)
        #expect(try world.h.storage.listAccounts().isEmpty)
    }

    @Test func aCodeWithoutRefreshTokenSignsInAndIsLogged() async throws {
        let world = try GoogleWorld(try Harness())
        let account = try await signedIn(world, refresh: nil)
        #expect(try world.h.storage.thirdPartyTokens(accountID: account).isEmpty)
        #expect(world.h.logs.records.contains { $0.message == "google sent no refresh token for this offline-access code" })
    }

    @Test func tokenRevokedEventsDropTheMatchingStoredToken() async throws {
        for identifier in ["prefix", "hash_base64_sha512_sha512"] {
            let world = try GoogleWorld(try Harness())
            let account = try await signedIn(world, refresh: "1//0123456789abcdef-rest")
            let token = identifier == "prefix" ? "1//0123456789abc"
                : Data(SHA512.hash(SHA512.hash(Array("1//0123456789abcdef-rest".utf8)))).base64EncodedString()
            let other = try tokenRevoked(world, identifier, "1//another-token")
            #expect(try await world.receiver().process(body: other).httpStatus == 202)
            #expect(try world.h.storage.thirdPartyTokens(accountID: account).count == 1, "no match, nothing dropped")
            let event = try tokenRevoked(world, identifier, token)
            #expect(try await world.receiver().process(body: event) == .accepted(["token-revoked"]))
            #expect(try world.h.storage.thirdPartyTokens(accountID: account).isEmpty, "\(identifier)")
        }
    }

    /// The stored token carries the keys `token-revoked` finds it by, and they hold no part of it in clear:
    /// the prefix key is a MAC under a key derived from the master key, not the prefix or a plain hash of it.
    @Test func theStoredGoogleTokenHasLookupKeysThatRevealNothing() async throws {
        let world = try GoogleWorld(try Harness())
        let account = try await signedIn(world, refresh: "1//0123456789abcdef-rest")
        let keys = try #require(try world.h.storage.thirdPartyTokens(accountID: account).first?.lookupKeys)
        #expect(keys.hash == Data(SHA512.hash(SHA512.hash(Array("1//0123456789abcdef-rest".utf8)))).base64EncodedString())
        #expect(!keys.prefix.contains("0123456789") && !keys.hash.contains("0123456789"))
        #expect(keys.prefix != Base64URL.encode(SHA256.hash(Array("1//0123456789abc".utf8))))
        #expect(world.h.sealer.lookupKeys(of: "1//0123456789abcdef-rest") == keys, "the same key each time")
        let otherSealer = try TokenSealer(masterKey: Array(repeating: 8, count: 32))
        #expect(otherSealer.lookupKeys(of: "1//0123456789abcdef-rest").prefix != keys.prefix,
                "another master key, another prefix key")
        #expect(world.h.sealer.lookupMACKey != world.h.masterKey, "the MAC key is derived, not the master key")
    }

    /// Tokens stored before lookup keys were kept (migration 12) are still found, and each one opened
    /// by a search gets its keys, so that the next event does not open it again.
    @Test func tokensStoredWithoutLookupKeysAreFoundAndKeyedOnce() async throws {
        for (identifier, target) in [("prefix", 0), ("hash_base64_sha512_sha512", 1)] {
            let world = try GoogleWorld(try Harness())
            let refresh = (0..<3).map { "1//\($0)-legacy-tok-rest-of-it" }
            var accounts: [String] = []
            for index in 0..<3 {
                let account = try await signedIn(world, code: "4/code-\(index)", refresh: refresh[index], sub: "g-\(index)")
                accounts.append(account)
                try dropLookupKeys(world, account: account)
            }
            let token = identifier == "prefix" ? "1//\(target)-legacy-tok-"
                : Data(SHA512.hash(SHA512.hash(Array(refresh[target].utf8)))).base64EncodedString()
            let hit = try tokenRevoked(world, identifier, token)
            #expect(try await world.receiver().process(body: hit) == .accepted(["token-revoked"]))
            let left = try accounts.map { try world.h.storage.thirdPartyTokens(accountID: $0).count }
            #expect(left == (0..<3).map { $0 == target ? 0 : 1 }, "\(identifier): \(left)")
            let miss = try tokenRevoked(world, identifier, "1//not-stored-at-all")
            #expect(try await world.receiver().process(body: miss).httpStatus == 202)
            for (index, account) in accounts.enumerated() where index != target {
                let stored = try #require(try world.h.storage.thirdPartyTokens(accountID: account).first)
                #expect(stored.lookupKeys == world.h.sealer.lookupKeys(stored.encryptedRefreshToken, provider: .google),
                        "\(identifier): token \(index) keyed once opened")
            }
        }
    }

    /// Only the two identifier algorithms name a token: any other drops nothing, not even when its value
    /// is the token itself or its prefix, for a token with keys or one stored before them.
    @Test func tokenRevokedWithAnotherAlgorithmDropsNothing() async throws {
        for keyed in [true, false] {
            let world = try GoogleWorld(try Harness())
            let account = try await signedIn(world, refresh: "1//0123456789abcdef-rest")
            if !keyed { try dropLookupKeys(world, account: account) }
            for (algorithm, value) in [("plain", "1//0123456789abcdef-rest"), ("PREFIX", "1//0123456789abc"),
                                       ("hash_base64_sha256", "1//0123456789abc")] {
                let event = try tokenRevoked(world, algorithm, value)
                #expect(try await world.receiver().process(body: event).httpStatus == 202)
                #expect(try world.h.storage.thirdPartyTokens(accountID: account).count == 1, "\(algorithm), keyed: \(keyed)")
            }
        }
    }

    @Test func tokensRevokedDropsTheStoredTokenOfThatGoogleAccount() async throws {
        let world = try GoogleWorld(try Harness())
        let account = try await signedIn(world)
        #expect(try await world.receiver().process(body: world.event("oauth/event-type/tokens-revoked"))
            == .accepted(["tokens-revoked"]))
        #expect(try world.h.storage.thirdPartyTokens(accountID: account).isEmpty)
        #expect(try world.h.storage.identity(provider: .google, subject: "g-ann") != nil, "the identity stays")
    }
}
