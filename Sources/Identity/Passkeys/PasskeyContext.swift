import Foundation
import JOSE
import OAuthCore
import Support
import WebAuthn

/// What every passkey flow needs: the store, clock, randomness and the relying party. A ceremony's
/// `flow_id` and challenge are used once and live five minutes (README, Passkeys).
public struct PasskeyContext: Sendable {
    /// What registering a passkey writes (`PasskeyRegistrationFlow.store`), also inside a sign-up's transaction.
    public typealias Records = PasskeyStore & AccountStore & AuditStore & EventOutbox.Store
    /// The passkeys and their single-use ceremonies, the accounts they sign in to, audit and events.
    public typealias Store = Records & Transacting

    public let storage: any Store
    public let clock: any Clock
    public let random: any RandomSource
    public let relyingParty: RelyingParty
    /// The name authenticators show beside the account (`rp.name`).
    public let relyingPartyName: String
    public let flowLifetime: TimeInterval
    /// False under `ACCOUNTLINK_SIGNUP_MODE=verify-first`: a self-service account whose address is not
    /// proven yet (`UnprovenAccountRule`) does not sign in with a passkey until the mailed link is followed.
    public let unprovenMaySignIn: Bool

    public init(storage: any Store, clock: any Clock, random: any RandomSource, relyingParty: RelyingParty,
                relyingPartyName: String, flowLifetime: TimeInterval = 300, unprovenMaySignIn: Bool = true) {
        self.storage = storage
        self.clock = clock
        self.random = random
        self.relyingParty = relyingParty
        self.relyingPartyName = relyingPartyName
        self.flowLifetime = flowLifetime
        self.unprovenMaySignIn = unprovenMaySignIn
    }

    /// A new ceremony: 32 random challenge bytes (§13.4.3: at least 16), and a flow ID of which only
    /// the hash is stored.
    func startFlow(_ purpose: WebAuthnFlow.Purpose, accountID: String? = nil, clientID: String? = nil,
                   email: String? = nil, displayName: String? = nil) throws -> (flowID: String, challenge: [UInt8]) {
        let flowID = random.token(byteCount: 32)
        let challenge = random.bytes(32)
        let now = clock.now()
        try storage.insertWebAuthnFlow(WebAuthnFlow(idHash: Self.hash(flowID), purpose: purpose, challenge: challenge,
                                                    accountID: accountID, clientID: clientID, email: email,
                                                    displayName: displayName,
                                                    expiresAt: now.addingTimeInterval(flowLifetime)), at: now)
        return (flowID, challenge)
    }

    /// Takes the flow once (committed at once, so a failed attempt still used it up); unknown, used,
    /// expired or of another purpose → `invalid_grant`.
    func takeFlow(_ flowID: String?, _ purpose: WebAuthnFlow.Purpose) throws -> WebAuthnFlow {
        guard let flowID, !flowID.isEmpty,
              let flow = try storage.takeWebAuthnFlow(idHash: Self.hash(flowID), at: clock.now()), flow.purpose == purpose
        else { throw OAuthError.invalidGrant("unknown, used or expired passkey flow") }
        return flow
    }

    static func hash(_ flowID: String) -> String { Base64URL.encode(SHA256.hash(flowID)) }

    func audit(_ kind: AuditKind, accountID: String, in storage: any AuditStore) throws {
        try AuditRecorder(clock: clock, random: random).record(kind, accountID: accountID, in: storage)
    }
}
