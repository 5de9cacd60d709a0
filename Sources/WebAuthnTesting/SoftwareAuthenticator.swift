import Foundation
import JOSE
import Support
import WebAuthn

/// A software ES256 authenticator for Swift tests (W3C WebAuthn Level 3 §6): it builds client data,
/// authenticator data and signatures from our JOSE keys, with knobs to break one check at a time.
/// The Python one in Tests/Peers/soft_authenticator.py is the independent one the peer tests use.
public final class SoftwareAuthenticator: @unchecked Sendable {
    public let key: P256PrivateKey
    public let credentialID: [UInt8]
    public var signCount: UInt32

    public static let allFlags: AuthenticatorData.Flags = [.userPresent, .userVerified, .backupEligible, .backedUp]

    public init(credentialID: [UInt8], signCount: UInt32 = 0) throws {
        key = try P256PrivateKey.generate()
        self.credentialID = credentialID
        self.signCount = signCount
    }

    /// RFC 9053 §7.1.1 EC2 key, CTAP2 canonical.
    public var publicKeyCOSE: [UInt8] {
        get throws {
            CBOR.map([CBOR.Pair(.int(1), .int(2)), CBOR.Pair(.int(3), .int(-7)), CBOR.Pair(.int(-1), .int(1)),
                      CBOR.Pair(.int(-2), .bytes(try key.publicKey.x)), CBOR.Pair(.int(-3), .bytes(try key.publicKey.y))]).encoded
        }
    }

    public static func clientDataJSON(type: String, challenge: [UInt8], origin: String, crossOrigin: Bool = false) -> [UInt8] {
        let object: JSONValue = ["type": .string(type), "challenge": .string(Base64URL.encode(challenge)),
                                 "origin": .string(origin), "crossOrigin": .bool(crossOrigin)]
        return object.utf8
    }

    public static func authenticatorData(rpID: String, flags: AuthenticatorData.Flags, count: UInt32,
                                         attested: [UInt8] = []) -> [UInt8] {
        SHA256.hash(rpID) + [flags.rawValue] + (0..<4).reversed().map { UInt8(truncatingIfNeeded: count >> (8 * $0)) } + attested
    }

    /// DER ECDSA over authenticatorData ‖ SHA-256(clientDataJSON) (§6.3.3).
    public func sign(_ authenticatorData: [UInt8], _ clientDataJSON: [UInt8]) throws -> [UInt8] {
        let raw = try key.signature(for: authenticatorData + SHA256.hash(clientDataJSON))
        return P256PublicKey.derSignature(fromRaw: raw)!
    }

    /// `none` (or `packed` self) attestation object for this credential.
    public func attestationObject(rpID: String, flags: AuthenticatorData.Flags = allFlags, format: String = "none",
                                  clientDataJSON: [UInt8]) throws -> [UInt8] {
        let length = [UInt8(credentialID.count >> 8), UInt8(credentialID.count & 0xFF)]
        let attested = [UInt8](repeating: 0, count: 16) + length + credentialID + (try publicKeyCOSE)
        let authData = Self.authenticatorData(rpID: rpID, flags: flags.union(.attestedCredentialData),
                                              count: signCount, attested: attested)
        var statement: [CBOR.Pair] = []
        if format == "packed" {
            statement = [CBOR.Pair(.text("alg"), .int(-7)), CBOR.Pair(.text("sig"), .bytes(try sign(authData, clientDataJSON)))]
        }
        return CBOR.map([CBOR.Pair(.text("fmt"), .text(format)), CBOR.Pair(.text("attStmt"), .map(statement)),
                         CBOR.Pair(.text("authData"), .bytes(authData))]).encoded
    }

    /// An assertion's three signed parts; `count` nil means the next counter value (0 stays 0).
    public func assertion(rpID: String, origin: String, challenge: [UInt8], flags: AuthenticatorData.Flags = allFlags,
                          count: UInt32? = nil, type: String = "webauthn.get")
        throws -> (clientDataJSON: [UInt8], authenticatorData: [UInt8], signature: [UInt8]) {
        if count == nil, signCount > 0 { signCount += 1 }
        let clientData = Self.clientDataJSON(type: type, challenge: challenge, origin: origin)
        let authData = Self.authenticatorData(rpID: rpID, flags: flags, count: count ?? signCount)
        return (clientData, authData, try sign(authData, clientData))
    }
}
