import Foundation

/// A new passkey as the device made it: the values of Apple's
/// `ASAuthorizationPlatformPublicKeyCredentialRegistration` (`credentialID`, `rawClientDataJSON`,
/// `rawAttestationObject`; https://developer.apple.com/documentation/authenticationservices/asauthorizationplatformpublickeycredentialregistration),
/// sent to AccountLink as W3C WebAuthn Level 3's `RegistrationResponseJSON` (§5.1, binary members base64url).
public struct PasskeyRegistration: Sendable, Equatable {
    public let credentialID: Data
    public let clientDataJSON: Data
    public let attestationObject: Data

    public init(credentialID: Data, clientDataJSON: Data, attestationObject: Data) {
        self.credentialID = credentialID
        self.clientDataJSON = clientDataJSON
        self.attestationObject = attestationObject
    }

    /// `{"id","rawId","type":"public-key","response":{"clientDataJSON","attestationObject"},…}`.
    public var json: PasskeyCredentialJSON {
        PasskeyCredentialJSON(credentialID: credentialID, response: [
            "clientDataJSON": Base64URLData.encode(clientDataJSON),
            "attestationObject": Base64URLData.encode(attestationObject),
        ])
    }
}

/// A passkey's signature as the device made it: the values of Apple's
/// `ASAuthorizationPlatformPublicKeyCredentialAssertion` (`credentialID`, `rawClientDataJSON`,
/// `rawAuthenticatorData`, `signature`, `userID`; https://developer.apple.com/documentation/authenticationservices/asauthorizationplatformpublickeycredentialassertion),
/// sent as WebAuthn's `AuthenticationResponseJSON` (§5.1).
public struct PasskeyAssertion: Sendable, Equatable {
    public let credentialID: Data
    public let clientDataJSON: Data
    public let authenticatorData: Data
    public let signature: Data
    /// The user handle: the account ID the passkey was made for.
    public let userID: Data?

    public init(credentialID: Data, clientDataJSON: Data, authenticatorData: Data, signature: Data, userID: Data?) {
        self.credentialID = credentialID
        self.clientDataJSON = clientDataJSON
        self.authenticatorData = authenticatorData
        self.signature = signature
        self.userID = userID
    }

    public var json: PasskeyCredentialJSON {
        var response = ["clientDataJSON": Base64URLData.encode(clientDataJSON),
                        "authenticatorData": Base64URLData.encode(authenticatorData),
                        "signature": Base64URLData.encode(signature)]
        if let userID { response["userHandle"] = Base64URLData.encode(userID) }
        return PasskeyCredentialJSON(credentialID: credentialID, response: response)
    }
}

/// WebAuthn's `PublicKeyCredential` JSON form of a platform credential (§5.1): `id` and `rawId` the same
/// base64url credential ID, `authenticatorAttachment` `platform`, no client extension results.
public struct PasskeyCredentialJSON: Encodable, Sendable, Equatable {
    public let id: String
    public let rawId: String
    public let type = "public-key"
    public let authenticatorAttachment = "platform"
    public let response: [String: String]
    public let clientExtensionResults: [String: String] = [:]

    init(credentialID: Data, response: [String: String]) {
        id = Base64URLData.encode(credentialID)
        rawId = id
        self.response = response
    }

    enum CodingKeys: String, CodingKey { case id, rawId, type, authenticatorAttachment, response, clientExtensionResults }
}
