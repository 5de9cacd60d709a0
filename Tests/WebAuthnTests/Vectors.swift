import Foundation
import JOSE
import Support
import WebAuthn

/// Vectors/vectors.json: made once by make_vectors.py (Python software authenticator, each vector
/// verified by py_webauthn before it was written).
struct Vectors {
    let root: [String: JSONValue]

    static let shared: Vectors = {
        let url = Bundle.module.url(forResource: "vectors", withExtension: "json", subdirectory: "Vectors")!
        let data = try! Data(contentsOf: url)
        return Vectors(root: try! JSONValue(parsing: Array(data)).objectValue!)
    }()

    var rpID: String { root["rpID"]!.stringValue! }
    var origin: String { root["origin"]!.stringValue! }
    var challenge: [UInt8] { try! Base64URL.decode(root["challenge"]!.stringValue!) }
    var relyingParty: RelyingParty { RelyingParty(id: rpID, origins: [origin]) }

    func bytes(_ name: String, _ path: String...) -> [UInt8] {
        var value = root[name]!
        for part in path { value = value.objectValue![part]! }
        return try! Base64URL.decode(value.stringValue!)
    }

    struct Registration {
        var rawID: [UInt8], clientDataJSON: [UInt8], attestationObject: [UInt8]
    }

    struct Assertion {
        var clientDataJSON: [UInt8], authenticatorData: [UInt8], signature: [UInt8]
    }

    func registration(_ name: String) -> Registration {
        Registration(rawID: bytes(name, "registration", "rawId"),
                     clientDataJSON: bytes(name, "registration", "response", "clientDataJSON"),
                     attestationObject: bytes(name, "registration", "response", "attestationObject"))
    }

    func assertion(_ name: String) -> Assertion {
        Assertion(clientDataJSON: bytes(name, "assertion", "response", "clientDataJSON"),
                  authenticatorData: bytes(name, "assertion", "response", "authenticatorData"),
                  signature: bytes(name, "assertion", "response", "signature"))
    }

    func register(_ r: Registration, with party: RelyingParty? = nil, challenge: [UInt8]? = nil) throws -> RelyingParty.NewCredential {
        try (party ?? relyingParty).register(credentialID: r.rawID, clientDataJSON: r.clientDataJSON,
                                             attestationObject: r.attestationObject, challenge: challenge ?? self.challenge)
    }

    func verify(_ a: Assertion, key: [UInt8], with party: RelyingParty? = nil, challenge: [UInt8]? = nil) throws -> AuthenticatorData {
        try (party ?? relyingParty).verifyAssertion(clientDataJSON: a.clientDataJSON, authenticatorData: a.authenticatorData,
                                                    signature: a.signature, challenge: challenge ?? self.challenge,
                                                    publicKeyCOSE: key)
    }
}

func refused(_ reason: WebAuthnError.Reason, _ body: () throws -> Void) -> Bool {
    do { try body(); return false } catch let error as WebAuthnError { return error.reason == reason } catch { return false }
}
