import Foundation
import JOSE
import OAuthCore
import StoreMemory
import Support
import Testing
@testable import Identity

/// Everything a test needs, wired as the server would: memory store, manual clock, seeded randomness,
/// real RS256 keys served by the stand-in, the Apple client pointed at 127.0.0.1.
final class Harness: Sendable {
    static let appBundleID = "com.example.app"
    static let servicesID = "com.example.web"
    static let googleClientID = "google-ios.apps.example"

    let clock = ManualClock()
    let storage = MemoryStorage()
    let random = SeededRandom(seed: 42)
    let logs = MemorySink()
    let masterKey = [UInt8](repeating: 7, count: 32)
    let standIn: AppleStandIn
    let appleKey: SigningKey
    let googleKey: SigningKey
    let appleVerifier: AppleIdentityTokenVerifier
    let googleVerifier: GoogleIdentityTokenVerifier
    let secret: AppleClientSecret
    let client: AppleClient
    let sealer: TokenSealer

    init() throws {
        standIn = try AppleStandIn(clock: clock)
        appleKey = try SigningKey.generate(.rs256)
        googleKey = try SigningKey.generate(.rs256)
        standIn.publishApple([appleKey])
        standIn.publishGoogle([googleKey])
        appleVerifier = AppleIdentityTokenVerifier(
            configuration: try .init(audiences: [Self.appBundleID, Self.servicesID], baseURL: standIn.baseURL), clock: clock)
        googleVerifier = GoogleIdentityTokenVerifier(
            configuration: try .init(audiences: [Self.googleClientID],
                                     keysURL: standIn.baseURL.appendingPathComponent("google/certs")), clock: clock)
        secret = try AppleClientSecret(configuration: .init(teamID: standIn.teamID), privateKeyPEM: standIn.p8PEM,
                                       keyID: standIn.keyID, clock: clock)
        client = AppleClient(configuration: .init(baseURL: standIn.baseURL, timeout: 5), secret: secret)
        sealer = try TokenSealer(masterKey: masterKey, random: random)
    }

    deinit { standIn.stop() }

    var logger: Logger { Logger(label: "test", minimumLevel: .debug, sink: logs) }

    func signInService(autoLink: Set<SignInService.Provider> = [], apple: Bool = true) -> SignInService {
        SignInService(storage: storage, clock: clock, random: random, logger: logger, policy: .init(autoLink: autoLink),
                      apple: apple ? ProviderCodeExchange.apple(client: client, verifier: appleVerifier, sealer: sealer) : nil)
    }

    var deletion: AccountDeletionService {
        AccountDeletionService(storage: storage, clock: clock, random: random,
                               revoker: ProviderRevoker(sealer: sealer, apple: client))
    }

    func appleIdentity(sub: String, email: String? = nil, verified: JSONValue = true, isPrivate: JSONValue? = nil,
                       aud: String = Harness.appBundleID) async throws -> VerifiedIdentity {
        var claims: [String: JSONValue] = [
            "iss": "https://appleid.apple.com", "aud": .string(aud), "sub": .string(sub),
            "iat": .int(clock.unixTime), "exp": .int(clock.unixTime + 600), "real_user_status": 2,
        ]
        if let email { claims["email"] = .string(email); claims["email_verified"] = verified }
        if let isPrivate { claims["is_private_email"] = isPrivate }
        return try await appleVerifier.verify(appleKey.sign(claims: claims), rawNonce: nil)
    }

    func googleIdentity(sub: String, email: String, verified: Bool = true) async throws -> VerifiedIdentity {
        let claims: [String: JSONValue] = [
            "iss": "https://accounts.google.com", "aud": .string(Self.googleClientID), "sub": .string(sub),
            "iat": .int(clock.unixTime), "exp": .int(clock.unixTime + 3600), "email": .string(email),
            "email_verified": .bool(verified),
        ]
        return try await googleVerifier.verify(googleKey.sign(claims: claims), nonce: nil)
    }

    func account(_ id: String) throws -> Account { try #require(try storage.account(id: id)) }
}

extension Harness {
    struct Failure: Error {}
}
