import JOSE
import Support
import Testing
import WebAuthnTesting
@testable import WebAuthn

/// W3C WebAuthn Level 3 §7.1 on the Python-made vectors and on the Swift software authenticator.
@Suite struct RegistrationTests {
    let vectors = Vectors.shared

    @Test(arguments: ["es256", "rs256", "packedES256"])
    func registersTheVectors(name: String) throws {
        let credential = try vectors.register(vectors.registration(name))
        #expect(credential.credentialID == vectors.registration(name).rawID)
        #expect(credential.publicKeyCOSE == vectors.bytes(name, "publicKeyCOSE"))
        #expect(credential.algorithm == (name == "rs256" ? -257 : -7))
        #expect(credential.backupEligible && credential.backedUp)
    }

    @Test func refusesAnotherChallenge() {
        #expect(refused(.wrongChallenge) { _ = try vectors.register(vectors.registration("es256"), challenge: [UInt8](repeating: 9, count: 32)) })
    }

    @Test func refusesAnotherOrigin() {
        let party = RelyingParty(id: vectors.rpID, origins: ["https://evil.example"])
        #expect(refused(.wrongOrigin) { _ = try vectors.register(vectors.registration("es256"), with: party) })
    }

    @Test func refusesAnotherRelyingPartyID() {
        let party = RelyingParty(id: "other.example", origins: [vectors.origin])
        #expect(refused(.wrongRelyingParty) { _ = try vectors.register(vectors.registration("es256"), with: party) })
    }

    @Test func refusesAnAssertionsClientDataAsARegistration() {
        var registration = vectors.registration("es256")
        registration.clientDataJSON = vectors.assertion("es256").clientDataJSON
        #expect(refused(.wrongType) { _ = try vectors.register(registration) })
    }

    @Test func refusesARawIDThatIsNotTheAttestedOne() {
        var registration = vectors.registration("es256")
        registration.rawID[0] ^= 1
        #expect(refused(.credentialMismatch) { _ = try vectors.register(registration) })
    }

    @Test func refusesPackedSelfAttestationThatDoesNotVerify() {
        var registration = vectors.registration("packedES256")
        // The client data no longer matches what the attestation signed.
        registration.clientDataJSON = Array(String(decoding: registration.clientDataJSON, as: UTF8.self)
            .replacingOccurrences(of: "\"crossOrigin\":false", with: "\"crossOrigin\":false ").utf8)
        #expect(refused(.badSignature) { _ = try vectors.register(registration) })
    }

    func swiftRegistration(flags: AuthenticatorData.Flags = SoftwareAuthenticator.allFlags, format: String = "none",
                           crossOrigin: Bool = false) throws -> Vectors.Registration {
        let authenticator = try SoftwareAuthenticator(credentialID: [9, 9, 9, 9])
        let clientData = SoftwareAuthenticator.clientDataJSON(type: "webauthn.create", challenge: vectors.challenge,
                                                              origin: vectors.origin, crossOrigin: crossOrigin)
        let object = try authenticator.attestationObject(rpID: vectors.rpID, flags: flags, format: format, clientDataJSON: clientData)
        return Vectors.Registration(rawID: [9, 9, 9, 9], clientDataJSON: clientData, attestationObject: object)
    }

    @Test func swiftAuthenticatorRegistersWithBothFormats() throws {
        _ = try vectors.register(swiftRegistration())
        _ = try vectors.register(swiftRegistration(format: "packed"))
    }

    @Test func refusesWithoutUserPresence() throws {
        let registration = try swiftRegistration(flags: [.userVerified])
        #expect(refused(.userNotPresent) { _ = try vectors.register(registration) })
    }

    @Test func refusesWithoutUserVerification() throws {
        let registration = try swiftRegistration(flags: [.userPresent])
        #expect(refused(.userNotVerified) { _ = try vectors.register(registration) })
    }

    @Test func refusesCrossOriginCeremonies() throws {
        let registration = try swiftRegistration(crossOrigin: true)
        #expect(refused(.crossOrigin) { _ = try vectors.register(registration) })
    }

    @Test func refusesFormatsWeCannotVerify() throws {
        let registration = try swiftRegistration(format: "fido-u2f")
        #expect(refused(.unsupportedAttestation) { _ = try vectors.register(registration) })
    }

    @Test(arguments: [Array("{}".utf8), Array("[1]".utf8), Array("{\"type\":\"webauthn.create\",\"challenge\":\"***\",\"origin\":\"x\"}".utf8)])
    func refusesMalformedClientData(json: [UInt8]) {
        var registration = vectors.registration("es256")
        registration.clientDataJSON = json
        #expect(refused(.malformedClientData) { _ = try vectors.register(registration) })
    }
}
