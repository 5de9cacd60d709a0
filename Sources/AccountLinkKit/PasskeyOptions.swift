import Foundation

/// What Apple's passkey registration request needs, read from AccountLink's answer
/// `{"flow_id","publicKey":{…}}` whose `publicKey` is W3C WebAuthn Level 3's
/// `PublicKeyCredentialCreationOptionsJSON` (§5.4; binary members base64url). The glue hands these values to
/// `ASAuthorizationPlatformPublicKeyCredentialProvider.createCredentialRegistrationRequest(challenge:name:userID:)`
/// (https://developer.apple.com/documentation/authenticationservices/asauthorizationplatformpublickeycredentialprovider).
public struct PasskeyRegistrationOptions: Sendable, Equatable {
    /// Sent back with the credential; single use, five minutes.
    public let flowID: String
    /// `rp.id`: the provider's `relyingPartyIdentifier` (the domain of the app's `webcredentials` entry).
    public let relyingPartyID: String
    public let challenge: Data
    /// `user.id`: the account's ID as bytes, returned by the authenticator as the user handle.
    public let userID: Data
    /// `user.name` (the email) and `user.displayName`.
    public let userName: String
    public let displayName: String
    /// `excludeCredentials`: the account's passkeys, so the device does not make a second one.
    public let excludedCredentialIDs: [Data]
    /// `authenticatorSelection.userVerification == "required"`.
    public let userVerificationRequired: Bool

    /// Reads the server's answer; `AccountLinkError.unexpectedResponse` when it is not one.
    public init(json: Data) throws {
        let answer = try PasskeyJSON.decode(Answer<CreationJSON>.self, json)
        let key = answer.publicKey
        flowID = answer.flow_id
        relyingPartyID = key.rp.id
        challenge = try Base64URLData.decode(key.challenge)
        userID = try Base64URLData.decode(key.user.id)
        userName = key.user.name
        displayName = key.user.displayName
        excludedCredentialIDs = try (key.excludeCredentials ?? []).map { try Base64URLData.decode($0.id) }
        userVerificationRequired = key.authenticatorSelection?.userVerification == "required"
    }
}

/// What Apple's passkey assertion request needs, read from `{"flow_id","publicKey":{…}}` with WebAuthn's
/// `PublicKeyCredentialRequestOptionsJSON` (§5.5). AccountLink sends no `allowCredentials` (discoverable
/// credentials), so the device offers the person's passkeys for the domain, also through AutoFill.
public struct PasskeyAssertionOptions: Sendable, Equatable {
    public let flowID: String
    public let relyingPartyID: String
    public let challenge: Data
    public let allowedCredentialIDs: [Data]
    public let userVerificationRequired: Bool

    public init(json: Data) throws {
        let answer = try PasskeyJSON.decode(Answer<RequestJSON>.self, json)
        flowID = answer.flow_id
        relyingPartyID = answer.publicKey.rpId
        challenge = try Base64URLData.decode(answer.publicKey.challenge)
        allowedCredentialIDs = try (answer.publicKey.allowCredentials ?? []).map { try Base64URLData.decode($0.id) }
        userVerificationRequired = answer.publicKey.userVerification == "required"
    }
}

/// The JSON members read, as the server writes them (README, Passkeys).
private struct Answer<Key: Decodable>: Decodable {
    let flow_id: String
    let publicKey: Key
}

private struct Descriptor: Decodable { let id: String }

private struct CreationJSON: Decodable {
    struct RP: Decodable { let id: String }
    struct User: Decodable { let id, name, displayName: String }
    struct Selection: Decodable { let userVerification: String? }
    let rp: RP
    let user: User
    let challenge: String
    let excludeCredentials: [Descriptor]?
    let authenticatorSelection: Selection?
}

private struct RequestJSON: Decodable {
    let rpId: String
    let challenge: String
    let allowCredentials: [Descriptor]?
    let userVerification: String?
}

enum PasskeyJSON {
    static func decode<T: Decodable>(_ type: T.Type, _ data: Data) throws -> T {
        do { return try JSONDecoder().decode(type, from: data) } catch {
            throw AccountLinkError.unexpectedResponse(status: 200)
        }
    }
}

/// base64url without padding (RFC 4648 §5), as WebAuthn's JSON forms write binary members.
public enum Base64URLData {
    public static func encode(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    public static func decode(_ text: String) throws -> Data {
        guard !text.contains("+"), !text.contains("/"), !text.contains("=") else {
            throw AccountLinkError.unexpectedResponse(status: 200)
        }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64) else { throw AccountLinkError.unexpectedResponse(status: 200) }
        return data
    }
}
