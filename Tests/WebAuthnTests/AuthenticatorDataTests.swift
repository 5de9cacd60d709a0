import JOSE
import Testing
import WebAuthnTesting
@testable import WebAuthn

@Suite struct AuthenticatorDataTests {
    let vectors = Vectors.shared

    @Test func parsesAnAssertionsData() throws {
        let data = try AuthenticatorData(vectors.assertion("rs256").authenticatorData)
        #expect(data.rpIDHash == SHA256.hash("example.com"))
        #expect(data.userPresent && data.userVerified && data.backupEligible && data.backedUp)
        #expect(data.signCount == 42)
        #expect(data.attestedCredential == nil && data.extensions == nil)
    }

    @Test func parsesAttestedCredentialData() throws {
        let attestation = try AttestationObject(vectors.registration("es256").attestationObject)
        let attested = try #require(attestation.authenticatorData.attestedCredential)
        #expect(attested.credentialID == vectors.registration("es256").rawID)
        #expect(attested.publicKeyCOSE == vectors.bytes("es256", "publicKeyCOSE"))
        #expect(attested.aaguid == [UInt8](repeating: 0, count: 16))
    }

    func data(flags: UInt8, tail: [UInt8] = []) -> [UInt8] {
        [UInt8](repeating: 7, count: 32) + [flags, 0, 0, 0, 5] + tail
    }

    @Test func readsExtensionsWhenED() throws {
        let parsed = try AuthenticatorData(data(flags: 0x85, tail: [0xA1, 0x61, 0x78, 0xF5]))
        #expect(parsed.extensions == .map([.init(.text("x"), .bool(true))]))
    }

    static let zeros32 = [UInt8](repeating: 0, count: 32)
    static let attestedHead: [UInt8] = zeros32 + [0x45, 0, 0, 0, 0] + [UInt8](repeating: 0, count: 16)
    static let malformed: [([UInt8], String)] = [
        ([UInt8](repeating: 0, count: 36), "shorter than 37 bytes"),
        (zeros32 + [0x10, 0, 0, 0, 0], "BS without BE"),
        (zeros32 + [0x05, 0, 0, 0, 0, 0], "a trailing byte"),
        (attestedHead + [0, 0], "an empty credential ID"),
        (attestedHead + [4, 0] + [UInt8](repeating: 1, count: 1024), "a credential ID over 1023 bytes"),
        (attestedHead + [0, 1, 9, 0x01], "a key that is not a map"),
        (attestedHead + [0, 1, 9, 0xA2, 0x03, 0x26, 0x01, 0x02], "a key out of canonical order"),
        (zeros32 + [0x85, 0, 0, 0, 0, 0x80], "extensions that are not a map"),
        (zeros32 + [0x85, 0, 0, 0, 0], "ED without extensions"),
    ]

    @Test(arguments: malformed)
    func refusesMalformed(bytes: [UInt8], what: String) {
        #expect(refused(.malformedAuthenticatorData) { _ = try AuthenticatorData(bytes) }
                || refused(.malformedCBOR) { _ = try AuthenticatorData(bytes) }, "\(what)")
    }

    @Test func coseKeysOfBothAlgorithmsLoad() throws {
        #expect(try COSEKey(cose: vectors.bytes("es256", "publicKeyCOSE")).algorithm == .es256)
        #expect(try COSEKey(cose: vectors.bytes("rs256", "publicKeyCOSE")).algorithm == .rs256)
    }

    @Test(arguments: [
        CBOR.map([.init(.int(1), .int(2)), .init(.int(3), .int(-8))]),
        CBOR.map([.init(.int(1), .int(3)), .init(.int(3), .int(-7)), .init(.int(-1), .int(1))]),
        CBOR.map([.init(.int(1), .int(2)), .init(.int(3), .int(-7)), .init(.int(-1), .int(2)),
                  .init(.int(-2), .bytes([UInt8](repeating: 1, count: 32))), .init(.int(-3), .bytes([UInt8](repeating: 1, count: 32)))]),
        CBOR.map([.init(.int(1), .int(2)), .init(.int(3), .int(-7)), .init(.int(-1), .int(1)),
                  .init(.int(-2), .bytes([UInt8](repeating: 1, count: 32))), .init(.int(-3), .bytes([UInt8](repeating: 1, count: 32)))]),
        CBOR.map([.init(.int(1), .int(3)), .init(.int(3), .int(-257)), .init(.int(-1), .bytes([UInt8](repeating: 0xC1, count: 128))),
                  .init(.int(-2), .bytes([1, 0, 1]))]),
    ])
    func refusesUnsupportedOrInvalidKeys(key: CBOR) {
        // EdDSA, an RSA kty under ES256, another curve, a point off the curve, RSA-1024.
        #expect(refused(.unsupportedKey) { _ = try COSEKey(cose: key.encoded) })
    }

    @Test func theSwiftAuthenticatorsKeyVerifiesItsOwnSignature() throws {
        let authenticator = try SoftwareAuthenticator(credentialID: [1, 2, 3])
        let key = try COSEKey(cose: authenticator.publicKeyCOSE)
        let signature = try authenticator.sign([1, 2], [3])
        #expect(key.isValidSignature(signature, for: [1, 2] + SHA256.hash([3])))
        #expect(!key.isValidSignature(signature, for: [1, 3] + SHA256.hash([3])))
        // A raw r‖s signature (JWS form) is not the DER form WebAuthn uses (§6.5.5).
        #expect(!key.isValidSignature(try authenticator.key.signature(for: [1, 2] + SHA256.hash([3])), for: [1, 2] + SHA256.hash([3])))
    }
}
