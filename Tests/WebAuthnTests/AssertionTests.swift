import JOSE
import Testing
import WebAuthnTesting
@testable import WebAuthn

/// W3C WebAuthn Level 3 §7.2 on the Python-made vectors and on the Swift software authenticator.
@Suite struct AssertionTests {
    let vectors = Vectors.shared

    @Test(arguments: ["es256", "rs256", "packedES256"])
    func verifiesTheVectors(name: String) throws {
        let data = try vectors.verify(vectors.assertion(name), key: vectors.bytes(name, "publicKeyCOSE"))
        #expect(data.signCount == (name == "rs256" ? 42 : 0))
    }

    @Test(arguments: ["es256", "rs256"])
    func refusesABadSignature(name: String) {
        var assertion = vectors.assertion(name)
        assertion.signature[assertion.signature.count - 3] ^= 0x40
        #expect(refused(.badSignature) { _ = try vectors.verify(assertion, key: vectors.bytes(name, "publicKeyCOSE")) })
    }

    @Test func refusesAnotherCredentialsKey() {
        #expect(refused(.badSignature) { _ = try vectors.verify(vectors.assertion("es256"), key: vectors.bytes("packedES256", "publicKeyCOSE")) })
    }

    @Test func refusesAnotherChallenge() {
        #expect(refused(.wrongChallenge) {
            _ = try vectors.verify(vectors.assertion("es256"), key: vectors.bytes("es256", "publicKeyCOSE"), challenge: [1])
        })
    }

    @Test func refusesAnotherOriginAndRelyingParty() {
        let key = vectors.bytes("es256", "publicKeyCOSE")
        #expect(refused(.wrongOrigin) {
            _ = try vectors.verify(vectors.assertion("es256"), key: key, with: RelyingParty(id: vectors.rpID, origins: ["https://example.com:444"]))
        })
        #expect(refused(.wrongRelyingParty) {
            _ = try vectors.verify(vectors.assertion("es256"), key: key, with: RelyingParty(id: "sub.example.com", origins: [vectors.origin]))
        })
    }

    @Test func refusesARegistrationsClientDataAsAnAssertion() {
        var assertion = vectors.assertion("es256")
        assertion.clientDataJSON = vectors.registration("es256").clientDataJSON
        #expect(refused(.wrongType) { _ = try vectors.verify(assertion, key: vectors.bytes("es256", "publicKeyCOSE")) })
    }

    func swiftAssertion(flags: AuthenticatorData.Flags, origin: String? = nil) throws -> (Vectors.Assertion, [UInt8]) {
        let authenticator = try SoftwareAuthenticator(credentialID: [1])
        let parts = try authenticator.assertion(rpID: vectors.rpID, origin: origin ?? vectors.origin,
                                                challenge: vectors.challenge, flags: flags)
        return (Vectors.Assertion(clientDataJSON: parts.clientDataJSON, authenticatorData: parts.authenticatorData,
                                  signature: parts.signature), try authenticator.publicKeyCOSE)
    }

    @Test func acceptsTheSwiftAuthenticatorAndAnAppOrigin() throws {
        let party = RelyingParty(id: vectors.rpID, origins: [vectors.origin, "android:apk-key-hash:abc"])
        let (assertion, key) = try swiftAssertion(flags: SoftwareAuthenticator.allFlags, origin: "android:apk-key-hash:abc")
        #expect(try vectors.verify(assertion, key: key, with: party).userVerified)
        #expect(refused(.wrongOrigin) { _ = try vectors.verify(assertion, key: key) })
    }

    @Test func refusesWithoutUserPresenceOrVerification() throws {
        let (noUP, key1) = try swiftAssertion(flags: [.userVerified])
        #expect(refused(.userNotPresent) { _ = try vectors.verify(noUP, key: key1) })
        let (noUV, key2) = try swiftAssertion(flags: [.userPresent])
        #expect(refused(.userNotVerified) { _ = try vectors.verify(noUV, key: key2) })
    }
}
