import Foundation
import JOSE
import OAuthCore
import Support
@testable import Identity

/// Google's offline access and Cross-Account Protection wired as `IdentityServices` does, against a
/// `GoogleStandIn` on loopback.
struct GoogleWorld {
    static let riscEventBase = "https://schemas.openid.net/secevent/"
    let h: Harness
    let google: GoogleStandIn
    let riscKey: SigningKey
    let client: GoogleClient
    let verifier: GoogleIdentityTokenVerifier

    init(_ h: Harness) throws {
        self.h = h
        google = try GoogleStandIn(idTokenKey: h.googleKey, clock: h.clock)
        let key = try SigningKey.generate(.rs256)
        riscKey = key
        google.state.withLock { $0.riscKeys = [key] }
        client = GoogleClient(configuration: .init(
            tokenURL: google.baseURL.appendingPathComponent("token"), revokeURL: google.baseURL.appendingPathComponent("revoke"),
            clientID: GoogleStandIn.webClientID, clientSecret: GoogleStandIn.webClientSecret, timeout: 5))
        verifier = GoogleIdentityTokenVerifier(
            configuration: try .init(audiences: [Harness.googleClientID, GoogleStandIn.webClientID],
                                     keysURL: h.standIn.baseURL.appendingPathComponent("google/certs")), clock: h.clock)
    }

    var signIn: SignInService {
        SignInService(storage: h.storage, clock: h.clock, random: h.random, logger: h.logger,
                      apple: ProviderCodeExchange.apple(client: h.client, verifier: h.appleVerifier, sealer: h.sealer),
                      google: ProviderCodeExchange.google(client: client, verifier: verifier, sealer: h.sealer))
    }

    var deletion: AccountDeletionService {
        AccountDeletionService(storage: h.storage, clock: h.clock, random: h.random, revoker: ProviderRevoker(
            sealer: h.sealer, apple: h.client, google: client))
    }

    func receiver(configuration url: URL? = nil, storage: (any Storage)? = nil) throws -> GoogleRiscReceiver {
        let source = RiscConfigurationSource(
            url: url ?? google.baseURL.appendingPathComponent(".well-known/risc-configuration"), clock: h.clock)
        return GoogleRiscReceiver(
            verifier: try SecurityEventTokenVerifier(audiences: [Harness.googleClientID, GoogleStandIn.webClientID],
                                                     configuration: source, clock: h.clock),
            storage: storage ?? h.storage, clock: h.clock, random: h.random, logger: h.logger, sealer: h.sealer)
    }

    /// A security event token as Google sends one (https://developers.google.com/identity/protocols/risc).
    func event(_ type: String, sub: String = "g-ann", fields: [String: JSONValue] = [:], subject: JSONValue? = nil,
               jti: String = UUID().uuidString, aud: String = Harness.googleClientID,
               iss: String = GoogleStandIn.riscIssuer, key: SigningKey? = nil,
               extra: [String: JSONValue] = [:]) throws -> [UInt8] {
        var body = fields
        body["subject"] = subject ?? ["subject_type": "iss-sub", "iss": .string(iss), "sub": .string(sub)]
        var claims: [String: JSONValue] = [
            "iss": .string(iss), "aud": .string(aud), "iat": .int(h.clock.unixTime - 30), "jti": .string(jti),
            "events": .object([Self.riscEventBase + type: .object(body)]),
        ]
        claims.merge(extra) { $1 }
        return Array(try (key ?? riscKey).sign(claims: claims, type: "secevent+jwt").utf8)
    }
}
