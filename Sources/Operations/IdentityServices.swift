import Foundation
import Identity
import JOSE
import OAuthCore
import Settings
import Support

/// Sign in with Apple and Google as configured (README.md, Configuration): the verifiers, Apple's
/// REST client, the sign-in policy, notifications and deletion with revocation at Apple.
public struct IdentityServices: Sendable {
    public let appleVerifier: AppleIdentityTokenVerifier?
    public let googleVerifier: GoogleIdentityTokenVerifier?
    public let appleClient: AppleClient?
    public let signIn: SignInService
    public let deletion: AccountDeletionService
    public let notifications: AppleNotificationProcessor?
    /// Google Cross-Account Protection (`POST /google/risc`); nil when Google sign-in is off.
    public let risc: GoogleRiscReceiver?
    /// Offline access and revocation at Google; nil without the web client's credentials.
    public let googleClient: GoogleClient?
    /// Google Sign-In on the web; nil without the web client's credentials or Google's verifier.
    public var googleWebSignIn: GoogleWebSignIn? {
        guard let googleClient, let googleVerifier else { return nil }
        return GoogleWebSignIn(client: googleClient, verifier: googleVerifier, signIn: signIn)
    }
    /// Native sign-in's identity-token rules (Apple's required nonce, Google's optional nonce and `azp`).
    public var tokenCheck: IdentityTokenCheck { IdentityTokenCheck(apple: appleVerifier, google: googleVerifier) }

    /// Composes: each of Identity's services is given its narrow store from the whole one.
    static func make(_ configuration: ServerConfiguration, storage: any AccountLinkStorage, masterKey: [UInt8], clock: any Clock,
                     random: any RandomSource, logger: Logger) throws -> IdentityServices {
        let apple = configuration.apple
        let appleVerifier = try apple.enabled
            ? AppleIdentityTokenVerifier(configuration: .init(audiences: apple.clientIDs, baseURL: apple.baseURL),
                                         clock: clock, logger: logger.with(label: "jose.apple"))
            : nil
        let google = configuration.google
        let googleVerifier = try google.enabled
            ? GoogleIdentityTokenVerifier(configuration: .init(audiences: google.clientIDs, keysURL: google.jwksURL,
                                                                      hostedDomains: google.hostedDomains),
                                          clock: clock, logger: logger.with(label: "jose.google"))
            : nil
        let sealer = try TokenSealer(masterKey: masterKey, random: random)
        var appleClient: AppleClient?
        if apple.canCallApple, let teamID = apple.teamID, let keyID = apple.keyID, let file = apple.privateKeyFile {
            guard let pem = FileManager.default.contents(atPath: file).map({ String(decoding: $0, as: UTF8.self) }) else {
                throw ConfigurationError(key: "ACCOUNTLINK_APPLE_PRIVATE_KEY_FILE", "cannot read \(file)")
            }
            let secret: AppleClientSecret
            do {
                secret = try AppleClientSecret(configuration: .init(teamID: teamID), privateKeyPEM: pem, keyID: keyID,
                                               clock: clock)
            } catch {
                throw ConfigurationError(key: "ACCOUNTLINK_APPLE_PRIVATE_KEY_FILE", "not a usable P-256 .p8 key: \(error)")
            }
            appleClient = AppleClient(configuration: .init(baseURL: apple.baseURL), secret: secret)
        }
        let googleClient = google.webClientID.flatMap { id in google.webClientSecret.map { secret in
            GoogleClient(configuration: .init(tokenURL: google.tokenURL, revokeURL: google.revokeURL, clientID: id,
                                              clientSecret: secret))
        } }
        let revoker = ProviderRevoker(sealer: sealer, apple: appleClient, google: googleClient)
        let deletion = AccountDeletionService(storage: storage, clock: clock, random: random, revoker: revoker)
        let exchange = zip(appleClient, appleVerifier).map { ProviderCodeExchange.apple(client: $0, verifier: $1, sealer: sealer) }
        let googleExchange = zip(googleClient, googleVerifier).map {
            ProviderCodeExchange.google(client: $0, verifier: $1, sealer: sealer)
        }
        let signIn = SignInService(storage: storage, clock: clock, random: random, logger: logger, apple: exchange,
                                   google: googleExchange)
        let risc = try googleVerifier.map { _ in
            GoogleRiscReceiver(
                verifier: try SecurityEventTokenVerifier(
                    audiences: google.clientIDs,
                    configuration: RiscConfigurationSource(url: google.riscConfigurationURL, clock: clock,
                                                           logger: logger.with(label: "jose.google-risc")),
                    clock: clock),
                storage: storage, clock: clock, random: random, logger: logger, sealer: sealer)
        }
        let notifications = try appleVerifier.map {
            AppleNotificationProcessor(
                verifier: try AppleNotificationVerifier(audiences: apple.clientIDs, keySet: $0.keySet, clock: clock),
                storage: storage, clock: clock, random: random, logger: logger.with(label: "apple.notifications"),
                deletion: deletion)
        }
        return IdentityServices(appleVerifier: appleVerifier, googleVerifier: googleVerifier, appleClient: appleClient,
                                signIn: signIn, deletion: deletion, notifications: notifications, risc: risc,
                                googleClient: googleClient)
    }
}

private func zip<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
    guard let a, let b else { return nil }
    return (a, b)
}
