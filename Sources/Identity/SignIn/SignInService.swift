import Foundation
import JOSE
import OAuthCore
import Support

/// One person, one account, whichever way they come in (docs/architecture.md, Decisions): an identity is
/// (provider, subject), never an email; a verified email owned by another account needs proof of that
/// account before linking (unless auto-linking is on for the provider); Apple relay addresses never match.
public struct SignInService: Sendable {
    public enum Provider: String, Sendable { case apple, google }

    public enum Outcome: Sendable, Equatable {
        case signedIn(accountID: String, created: Bool)
        /// Another account owns this verified email: the app proves that account (password grant with
        /// `link_token`), then `redeemLinkToken` links the identity (docs/sign-in.md, Native).
        case linkRequired(linkToken: String, email: String)
    }

    public enum Failure: Error, Equatable {
        /// The account is disabled or deleted (App Flip's `unrecoverable`).
        case accountUnavailable
        case linkTokenInvalid
        case linkTokenExpired
        /// The proven account is not the one owning the email of the pending link.
        case linkAccountMismatch
        /// The (provider, subject) already belongs to another account.
        case identityInUse
        case identityNotFound
        /// Removing it would leave the account without a way to sign in.
        case lastIdentity
        /// Google said this Google account is disabled (Cross-Account Protection `account-disabled`).
        case signInHeld
        /// Apple or Google could not be reached to exchange the code: try again (503).
        case providerUnavailable
        /// Apple or Google refused the code and no earlier refresh token is held: sign in again.
        case authorizationCodeRefused
        /// The account has no password to upgrade (Account Authentication Modification extension).
        case noPassword
        /// The account was made through sign-up and its address is not proven yet: it may not add
        /// another sign-in method until it is (`UnprovenAccountRule`).
        case emailUnverified
    }

    public struct Policy: Sendable {
        /// Providers whose verified email links to an existing (verified-email) account without proof.
        public var autoLink: Set<Provider>
        public var linkTokenLifetime: TimeInterval
        public init(autoLink: Set<Provider> = [], linkTokenLifetime: TimeInterval = 600) {
            self.autoLink = autoLink
            self.linkTokenLifetime = linkTokenLifetime
        }
    }

    /// Accounts, identities and provider tokens; pending links (interactions); passkeys and passwords a removal
    /// deletes; Google's holds; the links a removal voids; Apple transfers; audit and events.
    public typealias Store = AccountStore & InteractionStore & PasskeyStore & PasswordRemovalStore & LifecycleSignalStore
        & OneTimeTokenStore & AuditStore & EventOutbox.Store & AppleTransferStore & Transacting

    let storage: any Store
    let clock: any Clock
    let random: any RandomSource
    let logger: Logger
    let policy: Policy
    let apple: ProviderCodeExchange?
    let google: ProviderCodeExchange?

    public init(storage: any Store, clock: any Clock, random: any RandomSource, logger: Logger,
                policy: Policy = Policy(), apple: ProviderCodeExchange? = nil, google: ProviderCodeExchange? = nil) {
        self.storage = storage
        self.clock = clock
        self.random = random
        self.logger = logger.with(label: "identity.sign-in")
        self.policy = policy
        self.apple = apple
        self.google = google
    }

    /// - Parameters:
    ///   - identity: a token already verified by the Apple or Google verifier (nonce included).
    ///   - names: Apple's `fullName`, sent only on the first authorization
    ///     (https://developer.apple.com/documentation/signinwithapple/authenticating-users-with-sign-in-with-apple).
    ///   - appleAuthorizationCode: exchanged for a refresh token kept sealed for revocation (TN3194).
    ///   - appleRedirectURI: only for web codes, exactly as sent to Apple's authorize endpoint
    ///     (https://developer.apple.com/documentation/signinwithapplerestapi/generate-and-validate-tokens).
    public func signIn(provider: Provider, identity: VerifiedIdentity, names: (given: String?, family: String?)? = nil,
                       appleAuthorizationCode: String? = nil, appleRedirectURI: String? = nil,
                       googleServerAuthCode: String? = nil) async throws -> Outcome {
        try checkHold(provider, identity)
        let code = ProviderCode.from(provider, apple: appleAuthorizationCode, appleRedirectURI: appleRedirectURI,
                                     google: googleServerAuthCode)
        var existing = try storage.identity(provider: provider.stored, subject: identity.subject)
        if existing == nil, provider == .apple { existing = try transferredIdentity(identity) }
        let sealed = try await sealedProviderToken(code, identity: identity, existing: existing)
        do {
            return try signIn(provider, identity, names: names, existing: existing, sealed: sealed)
        } catch {
            abandon(sealed, provider: provider.stored)
            throw error
        }
    }

    private func signIn(_ provider: Provider, _ identity: VerifiedIdentity, names: (given: String?, family: String?)?,
                        existing: LinkedIdentity?, sealed: [UInt8]?) throws -> Outcome {
        if let existing {
            let accountID = try refresh(existing, with: identity, displayName: Self.displayName(names))
            storeProviderToken(sealed, provider: provider.stored, identityID: existing.id, accountID: accountID)
            return .signedIn(accountID: accountID, created: false)
        }
        if let email = Self.matchableEmail(identity), let owner = try storage.account(email: email) {
            guard owner.status == .active else { throw Failure.accountUnavailable }
            // Auto-linking only into an account whose own email is verified: otherwise someone who
            // registered the address first would receive the real owner's identity.
            if policy.autoLink.contains(provider), owner.emailVerified {
                let linked = try insertIdentity(provider, identity, accountID: owner.id, kind: .identityAutoLinked)
                storeProviderToken(sealed, provider: provider.stored, identityID: linked.id, accountID: owner.id)
                return .signedIn(accountID: owner.id, created: false)
            }
            let token = try createPendingLink(provider, identity, names: names, owner: owner, sealedToken: sealed)
            return .linkRequired(linkToken: token, email: email)
        }
        let (accountID, identityID) = try createAccount(provider, identity, displayName: Self.displayName(names))
        storeProviderToken(sealed, provider: provider.stored, identityID: identityID, accountID: accountID)
        return .signedIn(accountID: accountID, created: true)
    }

    /// Google's `account-disabled` holds Google sign-in for that Google account until `account-enabled`
    /// (https://developers.google.com/identity/protocols/risc, "Supported event types").
    func checkHold(_ provider: Provider, _ identity: VerifiedIdentity) throws {
        guard provider == .google, try storage.providerHold(provider: .google, subject: identity.subject) != nil else { return }
        logger.warning("google sign-in refused: held after a cross-account protection event", [:])
        throw Failure.signInHeld
    }

    /// The email that may match another account: present, verified, and not an Apple relay address.
    static func matchableEmail(_ identity: VerifiedIdentity) -> String? {
        guard let email = identity.email, identity.emailVerified == true, identity.isPrivateEmail != true,
            !EmailAddress.isPrivateRelay(email), EmailAddress.isPlausible(email)
        else { return nil }
        return EmailAddress.normalized(email)
    }

    /// Apple's name parts, trimmed and bounded (they come from the device,
    /// https://developer.apple.com/documentation/signinwithapple/configuring-your-webpage-for-sign-in-with-apple).
    static func displayName(_ names: (given: String?, family: String?)?) -> String? {
        let parts = [names?.given, names?.family].compactMap {
            $0?.trimmingCharacters(in: .whitespacesAndNewlines).prefix(100)
        }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }
}

public typealias SignInOutcome = SignInService.Outcome

extension SignInService.Provider {
    var stored: LinkedIdentity.Provider { self == .apple ? .apple : .google }
}
