import JOSE
import OAuthCore
import Support

/// Mail bodies carry live one-time links, so the outbox keeps them sealed (AES-256-GCM) while a mail waits
/// and drops them once it is delivered or given up (docs/accounts-and-email.md, Outbox): a copy of the
/// database, `mail list` or a backup never holds a working link. The key is derived from the master key
/// with its own label (HMAC-SHA-256 as a PRF, RFC 2104); the associated data binds each part to its mail
/// id, so a sealed body cannot be moved to another mail.
public struct OutboxBodySealer: Sendable {
    private let key: [UInt8]
    private let random: any RandomSource
    public static let prefix = "sealed:v1:"

    public init(masterKey: [UInt8], random: any RandomSource) {
        key = HMACSHA256.authenticate(key: masterKey, data: Array("accountlink.outbox-body.v1".utf8))
        self.random = random
    }

    /// `mail` with both bodies sealed.
    public func seal(_ mail: OutboxMail) throws -> OutboxMail {
        var sealed = mail
        sealed.textBody = try seal(mail.textBody, mail.id, "text")
        sealed.htmlBody = try seal(mail.htmlBody, mail.id, "html")
        return sealed
    }

    /// `mail` with both bodies opened; a body that is not sealed is returned as it is.
    public func open(_ mail: OutboxMail) throws -> OutboxMail {
        var opened = mail
        opened.textBody = try open(mail.textBody, mail.id, "text")
        opened.htmlBody = try open(mail.htmlBody, mail.id, "html")
        return opened
    }

    public static func isSealed(_ body: String) -> Bool { body.hasPrefix(prefix) }

    private func seal(_ body: String, _ id: String, _ part: String) throws -> String {
        let sealed = try AESGCM.seal(Array(body.utf8), key: key, associatedData: Self.associatedData(id, part),
                                     random: random)
        return Self.prefix + Base64URL.encode(sealed)
    }

    private func open(_ body: String, _ id: String, _ part: String) throws -> String {
        guard Self.isSealed(body) else { return body }
        guard let sealed = try? Base64URL.decode(body.dropFirst(Self.prefix.count)) else {
            throw StoreError.corrupt("outbox mail \(id): its sealed \(part) body is not base64url")
        }
        let plain = try AESGCM.open(sealed, key: key, associatedData: Self.associatedData(id, part))
        return String(decoding: plain, as: UTF8.self)
    }

    private static func associatedData(_ id: String, _ part: String) -> [UInt8] {
        Array("accountlink.outbox-body.v1:\(id):\(part)".utf8)
    }
}

extension OutboxMail {
    /// The record without its bodies: what the outbox keeps once the mail is delivered or given up.
    public var withoutBodies: OutboxMail {
        var kept = self
        kept.textBody = ""
        kept.htmlBody = ""
        return kept
    }
}
