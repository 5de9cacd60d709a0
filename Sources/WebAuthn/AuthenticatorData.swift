/// Authenticator data (W3C WebAuthn Level 3 §6.1): rpIdHash (32) ‖ flags (1) ‖ signCount (4, big
/// endian) ‖ attested credential data (when AT) ‖ extensions (a CBOR map, when ED). Nothing may
/// follow; the COSE key and the extensions must be in CTAP2 canonical form (§6.5.1.1, §9).
public struct AuthenticatorData: Sendable, Equatable {
    public struct Flags: OptionSet, Sendable, Equatable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let userPresent = Flags(rawValue: 1 << 0)
        public static let userVerified = Flags(rawValue: 1 << 2)
        public static let backupEligible = Flags(rawValue: 1 << 3)
        public static let backedUp = Flags(rawValue: 1 << 4)
        public static let attestedCredentialData = Flags(rawValue: 1 << 6)
        public static let extensionData = Flags(rawValue: 1 << 7)
    }

    /// §6.5.1: AAGUID, credential ID and the credential public key as a COSE_Key.
    public struct AttestedCredential: Sendable, Equatable {
        public let aaguid: [UInt8]
        public let credentialID: [UInt8]
        /// The COSE_Key exactly as the authenticator encoded it (what we store).
        public let publicKeyCOSE: [UInt8]
    }

    /// §6.5.1: "credentialIdLength … MUST be ≤ 1023".
    public static let maximumCredentialIDLength = 1023

    public let bytes: [UInt8]
    public let rpIDHash: [UInt8]
    public let flags: Flags
    public let signCount: UInt32
    public let attestedCredential: AttestedCredential?
    public let extensions: CBOR?

    public init(_ bytes: [UInt8]) throws(WebAuthnError) {
        guard bytes.count >= 37 else { throw Self.malformed("authenticator data shorter than 37 bytes") }
        self.bytes = bytes
        rpIDHash = Array(bytes[0..<32])
        flags = Flags(rawValue: bytes[32])
        signCount = bytes[33..<37].reduce(0) { $0 << 8 | UInt32($1) }
        // §6.1.3: a credential that is not backup eligible can never be backed up.
        if flags.contains(.backedUp), !flags.contains(.backupEligible) {
            throw Self.malformed("the BS flag is set without BE")
        }
        var offset = 37
        attestedCredential = flags.contains(.attestedCredentialData) ? try Self.attested(bytes, &offset) : nil
        extensions = flags.contains(.extensionData) ? try Self.extensions(bytes, &offset) : nil
        guard offset == bytes.count else { throw Self.malformed("bytes after the authenticator data") }
    }

    public var userPresent: Bool { flags.contains(.userPresent) }
    public var userVerified: Bool { flags.contains(.userVerified) }
    public var backupEligible: Bool { flags.contains(.backupEligible) }
    public var backedUp: Bool { flags.contains(.backedUp) }

    static func attested(_ bytes: [UInt8], _ offset: inout Int) throws(WebAuthnError) -> AttestedCredential {
        guard bytes.count - offset >= 18 else { throw malformed("attested credential data too short") }
        let aaguid = Array(bytes[offset..<offset + 16])
        let length = Int(bytes[offset + 16]) << 8 | Int(bytes[offset + 17])
        offset += 18
        guard length > 0, length <= maximumCredentialIDLength, bytes.count - offset >= length else {
            throw malformed("bad credential ID length")
        }
        let credentialID = Array(bytes[offset..<offset + length])
        offset += length
        var reader = CBORReader(bytes, at: offset, canonical: true)
        guard case .map = try reader.read() else { throw malformed("the credential public key is not a CBOR map") }
        let key = Array(bytes[offset..<reader.offset])
        offset = reader.offset
        return AttestedCredential(aaguid: aaguid, credentialID: credentialID, publicKeyCOSE: key)
    }

    static func extensions(_ bytes: [UInt8], _ offset: inout Int) throws(WebAuthnError) -> CBOR {
        var reader = CBORReader(bytes, at: offset, canonical: true)
        let item = try reader.read()
        guard case .map = item else { throw malformed("extensions are not a CBOR map") }
        offset = reader.offset
        return item
    }

    static func malformed(_ detail: String) -> WebAuthnError { WebAuthnError(.malformedAuthenticatorData, detail) }
}
