import Foundation
import Identity
import JOSE
import OAuthCore
import Pages
import Support

/// Signs with the active keys of the key ring: the RS256 key by default, the key of a client's
/// `id_token_signed_response_alg` for its ID tokens.
struct KeyRingSigner: IDTokenSigner {
    let keyRing: SigningKeyRing

    func sign(claims: [String: OAuthCore.JSONValue]) throws -> String {
        try keyRing.current().active.sign(payload: OAuthCore.JSONValue.object(claims).bytes)
    }

    /// A key missing from the cache is looked for once in the store (a rotation made by the CLI since
    /// the last periodic refresh). ID tokens are signed after the grant's transaction has committed.
    func sign(claims: [String: OAuthCore.JSONValue], algorithm: String) throws -> String {
        guard let key = try keyRing.current().activeByAlgorithm[algorithm] ?? keyRing.refresh().activeByAlgorithm[algorithm]
        else {
            throw RuntimeError("no active \(algorithm) signing key; run `accountlink keys rotate --es256`")
        }
        return try key.sign(payload: OAuthCore.JSONValue.object(claims).bytes)
    }
}

/// Argon2id (libsodium) behind the protocol core's PasswordVerifier.
struct Argon2idVerifier: PasswordVerifier {
    let hasher: Argon2idHasher

    func verify(password: String, hash: String) -> Bool { hasher.verify(password, hash: hash) }
}

extension Runtime {
    /// The protocol core's environment: this runtime's stores, clock, randomness and configuration slice.
    func oauthEnvironment(throttle: LoginThrottle, logger: Logger) throws -> OAuthEnvironment {
        let configuration: OAuthConfiguration
        do {
            configuration = try OAuthConfiguration(
                issuer: self.configuration.issuerString,
                accessTokenLifetime: TimeInterval(self.configuration.accessTokenLifetime),
                idTokenLifetime: TimeInterval(self.configuration.accessTokenLifetime),
                consentStatement: self.configuration.consentStatement, uiLocales: Messages.supportedTags)
        } catch {
            throw ConfigurationError(key: "ACCOUNTLINK_" + error.key.uppercased(), error.reason)
        }
        var environment = OAuthEnvironment(
            storage: storage, clock: clock, random: random, logger: logger, configuration: configuration,
            idTokenSigner: KeyRingSigner(keyRing: keyRing),
            passwordVerifier: Argon2idVerifier(hasher: .interactive), loginThrottle: throttle,
            linkTokenRedeemer: IdentityLinkRedeemer(services: identity),
            tokenExchangeHandler: IdentityTokenExchange(services: identity))
        environment.signedTokenVerifier = KeyRingTokenVerifier(keyRing: keyRing, issuer: configuration.issuer)
        return environment
    }
}
