import Foundation
import JOSE
import OAuthCore
import StoreMemory
import Support
import WebAuthn
import WebAuthnTesting
@testable import Identity

/// The passkey flows on one store with a fixed clock, and a software authenticator (WebAuthnTesting)
/// that answers their options as a platform authenticator would.
struct PasskeyHarness {
    let storage: any AccountLinkStorage
    let clock = ManualClock()
    let context: PasskeyContext
    static let rpID = "example.com"
    static let origin = "https://example.com"

    init(storage: any AccountLinkStorage = MemoryStorage()) {
        self.storage = storage
        context = PasskeyContext(storage: storage, clock: clock, random: SystemRandom(),
                                 relyingParty: RelyingParty(id: Self.rpID, origins: [Self.origin, "android:apk-key-hash:k1"]),
                                 relyingPartyName: "Example")
    }

    var registration: PasskeyRegistrationFlow { PasskeyRegistrationFlow(context: context) }
    var signIn: PasskeySignInFlow { PasskeySignInFlow(context: context) }

    func account(_ id: String = "acct_" + UUID().uuidString, status: Account.Status = .active) throws -> String {
        try storage.insertAccount(Account(id: id, status: status, email: id + "@example.com", emailVerified: true,
                                          displayName: nil, createdAt: clock.now()))
        try storage.insertIdentity(LinkedIdentity(id: "idn_pw_" + id, accountID: id, provider: .password, subject: id,
                                                      email: nil, emailVerified: true, firstSignInAt: clock.now(),
                                                      lastSignInAt: clock.now()))
        return id
    }

    static func flow(_ options: JSONValue) -> (flowID: String, challenge: [UInt8]) {
        let object = options.objectValue!
        let challenge = object["publicKey"]!.objectValue!["challenge"]!.stringValue!
        return (object["flow_id"]!.stringValue!, try! Base64URL.decode(challenge))
    }

    /// RegistrationResponseJSON for `authenticator`, made for the options' challenge.
    static func registrationJSON(_ authenticator: SoftwareAuthenticator, challenge: [UInt8], origin: String = origin,
                                 rpID: String = rpID, flags: AuthenticatorData.Flags = SoftwareAuthenticator.allFlags) throws -> JSONValue {
        let clientData = SoftwareAuthenticator.clientDataJSON(type: "webauthn.create", challenge: challenge, origin: origin)
        let object = try authenticator.attestationObject(rpID: rpID, flags: flags, clientDataJSON: clientData)
        let id = JSONValue.string(Base64URL.encode(authenticator.credentialID))
        return ["id": id, "rawId": id, "type": "public-key", "clientExtensionResults": [:],
                "response": ["clientDataJSON": .string(Base64URL.encode(clientData)),
                             "attestationObject": .string(Base64URL.encode(object))]]
    }

    static func assertionJSON(_ authenticator: SoftwareAuthenticator, challenge: [UInt8], userHandle: String?,
                              origin: String = origin, rpID: String = rpID,
                              flags: AuthenticatorData.Flags = SoftwareAuthenticator.allFlags, count: UInt32? = nil,
                              breakSignature: Bool = false) throws -> JSONValue {
        var parts = try authenticator.assertion(rpID: rpID, origin: origin, challenge: challenge, flags: flags, count: count)
        if breakSignature { parts.signature = try authenticator.sign(parts.authenticatorData, [0]) }
        let id = JSONValue.string(Base64URL.encode(authenticator.credentialID))
        return ["id": id, "rawId": id, "type": "public-key", "clientExtensionResults": [:],
                "response": ["clientDataJSON": .string(Base64URL.encode(parts.clientDataJSON)),
                             "authenticatorData": .string(Base64URL.encode(parts.authenticatorData)),
                             "signature": .string(Base64URL.encode(parts.signature)),
                             "userHandle": userHandle.map { .string(Base64URL.encode($0)) } ?? .null]]
    }

    /// Registers a new software passkey on `accountID` through the flow.
    @discardableResult
    func register(_ accountID: String, id: [UInt8] = Array(UUID().uuidString.utf8), signCount: UInt32 = 0) throws
        -> SoftwareAuthenticator {
        let authenticator = try SoftwareAuthenticator(credentialID: id, signCount: signCount)
        let (flowID, challenge) = Self.flow(try registration.options(accountID: accountID))
        try registration.finish(accountID: accountID, flowID: flowID,
                                credential: try Self.registrationJSON(authenticator, challenge: challenge), name: "Phone")
        return authenticator
    }

    /// Starts a sign-in for client `app` and answers it with `make(challenge)`.
    func signIn(_ make: ([UInt8]) throws -> JSONValue) throws -> String {
        let (flowID, challenge) = Self.flow(try signIn.options(clientID: "app"))
        return try signIn.finish(clientID: "app", flowID: flowID, credential: try make(challenge))
    }

    func auditKinds() throws -> [String] { try storage.auditEvents(limit: 100).map(\.kind) }
}

func invalidGrant(_ body: () throws -> Void) -> Bool {
    do { try body(); return false } catch let error as OAuthError { return error.code == .invalidGrant } catch { return false }
}
