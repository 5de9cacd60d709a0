import AccountLinkKit
import Foundation
import Support
import Testing
import WebAuthn
import WebAuthnTesting

/// A software platform authenticator (WebAuthnTesting, our OpenSSL ES256 keys) answering the kit's option
/// values as Apple's `ASAuthorizationPlatformPublicKeyCredentialProvider` would: the origin of an iOS app's
/// passkeys is the issuer's (its `webcredentials` domain).
struct SoftPlatform {
    static let origin = "http://127.0.0.1"
    let key: SoftwareAuthenticator

    init() throws { key = try SoftwareAuthenticator(credentialID: Array(UUID().uuidString.utf8)) }

    func register(_ options: PasskeyRegistrationOptions, origin: String = origin) throws -> PasskeyRegistration {
        let clientData = SoftwareAuthenticator.clientDataJSON(type: "webauthn.create", challenge: Array(options.challenge),
                                                              origin: origin)
        let object = try key.attestationObject(rpID: options.relyingPartyID, clientDataJSON: clientData)
        return PasskeyRegistration(credentialID: Data(key.credentialID), clientDataJSON: Data(clientData),
                                   attestationObject: Data(object))
    }

    func assert(_ options: PasskeyAssertionOptions, userID: Data, challenge: Data? = nil) throws -> PasskeyAssertion {
        let parts = try key.assertion(rpID: options.relyingPartyID, origin: Self.origin,
                                      challenge: Array(challenge ?? options.challenge))
        return PasskeyAssertion(credentialID: Data(key.credentialID), clientDataJSON: Data(parts.clientDataJSON),
                                authenticatorData: Data(parts.authenticatorData), signature: Data(parts.signature),
                                userID: userID)
    }
}

extension AgainstTheServer {
    /// The kit's passkey calls against the real server (docs/ios-passkeys.md).
    @Suite(.timeLimit(.minutes(5))) struct PasskeyTests {
        @Test func registerSignInAndRemoveAPasskey() async throws {
            try await withServer { server in
                let accountID = try server.addPasswordAccount("pk@example.com")
                let kit = server.kit()
                try await kit.signIn(email: "pk@example.com", password: KitServer.password)
                let options = try await kit.passkeyRegistrationOptions()
                #expect(options.relyingPartyID == "127.0.0.1" && options.userVerificationRequired)
                #expect(options.userID == Data(accountID.utf8) && options.userName == "pk@example.com")
                let device = try SoftPlatform()
                let account = try await kit.registerPasskey(try device.register(options), options: options, name: "iPhone")
                let method = try #require(account.methods.first { $0.type == "passkey" })
                #expect(method.id == Base64URLData.encode(Data(device.key.credentialID)) && method.name == "iPhone")
                #expect(try await kit.passkeyRegistrationOptions().excludedCredentialIDs == [Data(device.key.credentialID)])

                let other = server.kit()
                let request = try await other.passkeySignInOptions()
                #expect(request.allowedCredentialIDs.isEmpty && request.userVerificationRequired)
                let signedIn = try await other.signIn(passkey: try device.assert(request, userID: options.userID),
                                                      options: request)
                #expect(signedIn.accountID == accountID && other.isSignedIn())
                let quoted = try await passkeySignIn(server.kit()) { try device.assert($0, userID: options.userID) }
                #expect(quoted.accountID == accountID, "the guide's block signs in")

                let removed = try await kit.removePasskey(id: try #require(method.id))
                #expect(!removed.has("passkey"))
                let again = try await server.kit().passkeySignInOptions()
                let refused = await #expect(throws: AccountLinkError.self) {
                    try await server.kit().signIn(passkey: try device.assert(again, userID: options.userID), options: again)
                }
                #expect(refused?.code == "invalid_grant")
            }
        }

        @Test func aWrongChallengeOrAReusedFlowIsInvalidGrant() async throws {
            try await withServer { server in
                let accountID = try server.addPasswordAccount("pk2@example.com")
                let kit = server.kit()
                try await kit.signIn(email: "pk2@example.com", password: KitServer.password)
                let options = try await kit.passkeyRegistrationOptions()
                let device = try SoftPlatform()
                let wrongOrigin = await #expect(throws: AccountLinkError.self) {
                    try await kit.registerPasskey(try device.register(options, origin: "https://evil.example"), options: options)
                }
                #expect(wrongOrigin?.code == "invalid_grant")
                let fresh = try await kit.passkeyRegistrationOptions()
                try await kit.registerPasskey(try device.register(fresh), options: fresh)
                let request = try await kit.passkeySignInOptions()
                let wrong = await #expect(throws: AccountLinkError.self) {
                    try await kit.signIn(passkey: try device.assert(request, userID: Data(accountID.utf8),
                                                                    challenge: Data(repeating: 1, count: 32)),
                                         options: request)
                }
                #expect(wrong?.code == "invalid_grant")
                let reused = await #expect(throws: AccountLinkError.self) {
                    try await kit.signIn(passkey: try device.assert(request, userID: Data(accountID.utf8)), options: request)
                }
                #expect(reused?.code == "invalid_grant")
            }
        }

        @Test func signUpWithAPasskeyAloneAndAnExistingAddressSaysNothing() async throws {
            try await withServer { server in
                let kit = server.kit()
                let options = try await kit.passkeySignUpOptions(email: "new@example.com", name: "Sam")
                #expect(options.excludedCredentialIDs.isEmpty && options.displayName == "Sam")
                let device = try SoftPlatform()
                guard case .signedIn(let signedIn) = try await kit.signUp(passkey: try device.register(options),
                                                                          options: options)
                else { Issue.record("no account was made"); return }
                #expect(signedIn.accountCreated && signedIn.accountID.map { Data($0.utf8) } == options.userID)
                let account = try await kit.account()
                #expect(account.methods.map(\.type) == ["passkey"] && account.email == "new@example.com" && !account.emailVerified)

                try server.addPasswordAccount("taken@example.com")
                let taken = try await server.kit().passkeySignUpOptions(email: "taken@example.com")
                let answer = try await server.kit().signUp(passkey: try SoftPlatform().register(taken), options: taken)
                #expect(answer == .verificationSent)
            }
        }
    }
}

/// The JSON forms the kit sends (W3C WebAuthn Level 3 §5.1) and reads (§5.4, §5.5), without a server.
@Suite struct PasskeyJSONTests {
    @Test func registrationAndAssertionJSONCarryBase64URLMembers() throws {
        let registration = PasskeyRegistration(credentialID: Data([0xFB, 0xFF]), clientDataJSON: Data("{}".utf8),
                                               attestationObject: Data([0xA0]))
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(registration.json)) as? [String: Any]
        #expect(json?["id"] as? String == "-_8" && json?["rawId"] as? String == "-_8" && json?["type"] as? String == "public-key")
        #expect((json?["response"] as? [String: String]) == ["clientDataJSON": "e30", "attestationObject": "oA"])
        let assertion = PasskeyAssertion(credentialID: Data([1]), clientDataJSON: Data([2]), authenticatorData: Data([3]),
                                         signature: Data([4]), userID: nil)
        let response = try JSONSerialization.jsonObject(with: JSONEncoder().encode(assertion.json)) as? [String: Any]
        #expect((response?["response"] as? [String: String]) == ["clientDataJSON": "Ag", "authenticatorData": "Aw",
                                                                 "signature": "BA"])
    }

    @Test func optionsAreReadAndMalformedOnesRefused() throws {
        let creation = Data(#"""
            {"flow_id":"f1","publicKey":{"rp":{"id":"example.com","name":"Ex"},"user":{"id":"YWNj","name":"a@b.c",
            "displayName":"A"},"challenge":"AQID","excludeCredentials":[{"type":"public-key","id":"BAU"}],
            "authenticatorSelection":{"residentKey":"required","userVerification":"required"}}}
            """#.utf8)
        let options = try PasskeyRegistrationOptions(json: creation)
        #expect(options.flowID == "f1" && options.relyingPartyID == "example.com" && options.challenge == Data([1, 2, 3]))
        #expect(options.userID == Data("acc".utf8) && options.excludedCredentialIDs == [Data([4, 5])])
        let request = try PasskeyAssertionOptions(json: Data(#"{"flow_id":"f2","publicKey":{"rpId":"example.com","challenge":"AQID","userVerification":"required"}}"#.utf8))
        #expect(request.allowedCredentialIDs.isEmpty && request.userVerificationRequired && request.flowID == "f2")
        #expect(throws: AccountLinkError.self) { try PasskeyAssertionOptions(json: Data(#"{"flow_id":"f"}"#.utf8)) }
        #expect(throws: AccountLinkError.self) {
            try PasskeyAssertionOptions(json: Data(#"{"flow_id":"f","publicKey":{"rpId":"x","challenge":"AQ=="}}"#.utf8))
        }
    }
}
