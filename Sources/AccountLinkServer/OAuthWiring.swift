import Foundation
import Identity
import JOSE
import OAuthCore
import Pages
import Support

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
                refreshReuseWindow: TimeInterval(self.configuration.refreshReuseWindow),
                idTokenLifetime: TimeInterval(self.configuration.accessTokenLifetime),
                consentStatement: self.configuration.consentStatement, uiLocales: Messages.supportedTags)
        } catch {
            throw ConfigurationError(key: "ACCOUNTLINK_" + error.key.uppercased(), error.reason)
        }
        var environment = OAuthEnvironment(
            storage: storage, clock: clock, random: random, logger: logger, configuration: configuration,
            idTokenSigner: KeyRingSigner(keyRing: keyRing),
            passwordVerifier: Argon2idVerifier(hasher: .interactive), loginThrottle: throttle,
            linkTokenRedeemer: LinkTokenRedemption(signIn: identity.signIn),
            tokenExchangeHandler: NativeSignIn(check: identity.tokenCheck, signIn: identity.signIn))
        environment.signedTokenVerifier = KeyRingTokenVerifier(keyRing: keyRing, issuer: configuration.issuer)
        environment.clientCache = clientCache
        environment.blockingExecutor = storeRuntime.blockingExecutor
        return environment
    }
}
