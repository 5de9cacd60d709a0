import Foundation
import JOSE
import OAuthCore
import Support

/// An endpoint's signing secret: `whsec_` + base64 of 32 random bytes (Standard Webhooks, "Signature
/// scheme", https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md).
/// Shown once; stored sealed (AES-256-GCM under a key derived from the master key, bound to the endpoint
/// id), so the server can sign and a copy of the database cannot.
public struct WebhookSecret: Sendable {
    public static let prefix = "whsec_"
    private let key: [UInt8]

    public init(masterKey: [UInt8]) {
        key = HMACSHA256.authenticate(key: masterKey, data: Array("accountlink.webhook-secret.v1".utf8))
    }

    /// A new secret as shown to the operator.
    public static func generate(random: any RandomSource) -> String { prefix + Data(random.bytes(32)).base64EncodedString() }

    public func seal(_ secret: String, endpointID: String, random: any RandomSource) throws -> [UInt8] {
        try AESGCM.seal(Array(secret.utf8), key: key, associatedData: Self.associatedData(endpointID), random: random)
    }

    public func open(_ sealed: [UInt8], endpointID: String) throws -> String {
        String(decoding: try AESGCM.open(sealed, key: key, associatedData: Self.associatedData(endpointID)), as: UTF8.self)
    }

    /// The HMAC key: the base64-decoded part after `whsec_`; nil when the secret is not of that form.
    public static func signingKey(_ secret: String) -> [UInt8]? {
        guard secret.hasPrefix(prefix) else { return nil }
        return Base64.decode(secret.dropFirst(prefix.count))
    }

    private static func associatedData(_ id: String) -> [UInt8] { Array("accountlink.webhook-secret.v1:\(id)".utf8) }
}

/// The three Standard Webhooks headers of one attempt: `webhook-signature` is
/// `v1,` + base64(HMAC-SHA256(key, id + "." + timestamp + "." + body)).
public struct WebhookSignature: Sendable, Equatable {
    public let id: String
    public let timestamp: Int64
    public let signature: String

    public init(id: String, timestamp: Int64, body: String, key: [UInt8]) {
        self.id = id
        self.timestamp = timestamp
        let signed = Array("\(id).\(timestamp).".utf8) + Array(body.utf8)
        signature = "v1," + Data(HMACSHA256.authenticate(key: key, data: signed)).base64EncodedString()
    }

    public var headers: [(String, String)] {
        [("webhook-id", id), ("webhook-timestamp", String(timestamp)), ("webhook-signature", signature)]
    }
}
