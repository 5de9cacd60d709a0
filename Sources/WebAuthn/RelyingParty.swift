import JOSE
import Support

/// The relying party: its ID (a registrable suffix of the issuer's host) and the origins it
/// accepts. Registration and assertion checks follow W3C WebAuthn Level 3 §7.1 and §7.2; user
/// verification is always required (our passkeys are a first factor, not a second).
public struct RelyingParty: Sendable, Equatable {
    public let id: String
    public let origins: [String]

    public init(id: String, origins: [String]) {
        self.id = id
        self.origins = origins
    }

    public var idHash: [UInt8] { SHA256.hash(id) }

    /// What a successful registration gives the account.
    public struct NewCredential: Sendable, Equatable {
        public let credentialID: [UInt8]
        public let publicKeyCOSE: [UInt8]
        public let algorithm: Int64
        public let signCount: UInt32
        public let backupEligible: Bool
        public let backedUp: Bool
    }

    /// §7.1 "Registering a New Credential": `credentialID` is the response's rawId.
    public func register(credentialID: [UInt8], clientDataJSON: [UInt8], attestationObject: [UInt8],
                         challenge: [UInt8]) throws(WebAuthnError) -> NewCredential {
        let clientData = try ClientData(json: clientDataJSON)
        try clientData.check(.create, challenge: challenge, origins: origins)
        let attestation = try AttestationObject(attestationObject)
        let data = attestation.authenticatorData
        try checkFlags(data)
        guard let attested = data.attestedCredential else {
            throw WebAuthnError(.malformedAuthenticatorData, "no attested credential data")
        }
        guard ConstantTime.equals(attested.credentialID, credentialID) else {
            throw WebAuthnError(.credentialMismatch, "rawId differs from the attested credential ID")
        }
        let key = try COSEKey(cose: attested.publicKeyCOSE)
        try attestation.verify(clientDataHash: clientData.hash, key: key)
        return NewCredential(credentialID: attested.credentialID, publicKeyCOSE: attested.publicKeyCOSE,
                             algorithm: key.algorithm.rawValue, signCount: data.signCount,
                             backupEligible: data.backupEligible, backedUp: data.backedUp)
    }

    /// §7.2 "Verifying an Authentication Assertion", given the stored COSE key of the credential
    /// the response names. The sign-counter rule needs the stored count: the caller applies it.
    public func verifyAssertion(clientDataJSON: [UInt8], authenticatorData: [UInt8], signature: [UInt8],
                                challenge: [UInt8], publicKeyCOSE: [UInt8]) throws(WebAuthnError) -> AuthenticatorData {
        let clientData = try ClientData(json: clientDataJSON)
        try clientData.check(.get, challenge: challenge, origins: origins)
        let data = try AuthenticatorData(authenticatorData)
        try checkFlags(data)
        let key = try COSEKey(cose: publicKeyCOSE)
        guard key.isValidSignature(signature, for: authenticatorData + clientData.hash) else {
            throw WebAuthnError(.badSignature, "the assertion signature does not verify")
        }
        return data
    }

    /// §7.1 steps 13–15, §7.2 steps 15–17: our RP ID's hash, UP and UV set.
    func checkFlags(_ data: AuthenticatorData) throws(WebAuthnError) {
        guard ConstantTime.equals(data.rpIDHash, idHash) else {
            throw WebAuthnError(.wrongRelyingParty, "the RP ID hash is not SHA-256 of \(id)")
        }
        guard data.userPresent else { throw WebAuthnError(.userNotPresent, "the UP flag is not set") }
        guard data.userVerified else { throw WebAuthnError(.userNotVerified, "the UV flag is not set") }
    }
}
