import JOSE
import OAuthCore
import Support

/// `RegistrationResponseJSON` and `AuthenticationResponseJSON` (W3C WebAuthn Level 3 §5.1, binary
/// members base64url): `id` and `rawId` name the same credential, `type` is `public-key`. A malformed
/// credential is `invalid_grant` like any failed check.
struct PasskeyCredentialJSON {
    let credentialID: [UInt8]
    let response: [String: JSONValue]

    init(_ value: JSONValue?) throws {
        guard let object = value?.objectValue, let id = object["id"]?.stringValue, let rawID = object["rawId"]?.stringValue,
              object["type"]?.stringValue?.sameBytes("public-key") == true, id.sameBytes(rawID),
              let response = object["response"]?.objectValue, let bytes = try? Base64URL.decode(rawID), !bytes.isEmpty
        else { throw OAuthError.invalidGrant("the credential is not a WebAuthn PublicKeyCredential JSON") }
        credentialID = bytes
        self.response = response
    }

    var encodedID: String { Base64URL.encode(credentialID) }

    /// A required base64url member of `response`.
    func bytes(_ name: String) throws -> [UInt8] {
        guard let text = response[name]?.stringValue, let bytes = try? Base64URL.decode(text) else {
            throw OAuthError.invalidGrant("the credential lacks response.\(name)")
        }
        return bytes
    }

    /// `userHandle` may be absent or null (§5.2.2).
    func optionalBytes(_ name: String) throws -> [UInt8]? {
        guard let value = response[name], value != .null else { return nil }
        return try bytes(name)
    }
}
