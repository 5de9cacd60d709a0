import JOSE
import WebAuthn

/// The WebAuthn parsers (Sources/WebAuthn): everything in them comes from a browser or an app.
extension FuzzTarget {
    /// Read canonically, an item encodes back to the very same bytes; read leniently, its canonical
    /// encoding reads canonically and encodes the same again.
    static func cbor(_ data: [UInt8]) {
        if let item = try? CBORReader.decode(data, canonical: true) {
            precondition(item.encoded == data, "canonical CBOR round trip")
        }
        if let item = try? CBORReader.decode(data, canonical: false) {
            let again = try? CBORReader.decode(item.encoded, canonical: true)
            precondition(again?.encoded == item.encoded, "CBOR re-encoding")
        }
    }

    /// What parses keeps its fields inside the input; a COSE key in it may be loaded.
    static func authenticatorData(_ data: [UInt8]) {
        guard let parsed = try? AuthenticatorData(data) else { return }
        precondition(parsed.rpIDHash == Array(data.prefix(32)), "rpIdHash is the first 32 bytes")
        if let attested = parsed.attestedCredential { _ = try? COSEKey(cose: attested.publicKeyCOSE) }
    }

    /// The whole registration path after the client data: parse, load the key, verify the statement.
    static func attestationObject(_ data: [UInt8]) {
        guard let object = try? AttestationObject(data),
              let attested = object.authenticatorData.attestedCredential,
              let key = try? COSEKey(cose: attested.publicKeyCOSE) else { return }
        _ = try? object.verify(clientDataHash: SHA256.hash(data), key: key)
    }
}
