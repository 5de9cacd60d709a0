import Foundation
import OAuthCore

/// An outbox mail as an RFC 5322 message: multipart/alternative (RFC 2046 §5.1.4) with a plain-text
/// and an HTML part, both UTF-8 in base64 (RFC 2045 §6.8); a non-ASCII subject or name as an RFC 2047
/// encoded word. The Message-ID is the outbox id, so a resend after an unknown outcome is recognisable.
public struct MIMEMessage: Sendable {
    public let from: String
    public let fromName: String
    public let mail: OutboxMail
    public let date: Date

    public init(from: String, fromName: String, mail: OutboxMail, date: Date) {
        self.from = from
        self.fromName = fromName
        self.mail = mail
        self.date = date
    }

    public func bytes() -> [UInt8] {
        let boundary = "=_al_" + mail.id.filter { $0.isLetter || $0.isNumber }
        let domain = from.split(separator: "@").last.map(String.init) ?? "localhost"
        var lines = [
            "From: \(Self.encodedWord(fromName)) <\(from)>",
            "To: <\(mail.recipient)>",
            "Subject: \(Self.encodedWord(mail.subject))",
            "Date: \(Self.rfc5322Date(date))",
            "Message-ID: <\(mail.id)@\(domain)>",
            "Auto-Submitted: auto-generated",
            "MIME-Version: 1.0",
            "Content-Type: multipart/alternative; boundary=\"\(boundary)\"",
            "",
        ]
        for (type, body) in [("text/plain", mail.textBody), ("text/html", mail.htmlBody)] {
            lines += ["--\(boundary)", "Content-Type: \(type); charset=utf-8", "Content-Transfer-Encoding: base64", ""]
            lines += Self.base64Lines(body)
        }
        lines += ["--\(boundary)--", ""]
        return Array(lines.joined(separator: "\r\n").utf8)
    }

    /// RFC 2047 §4.1 "B" encoding when the text is not plain printable ASCII.
    static func encodedWord(_ text: String) -> String {
        let plain = text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F && $0 != "=" && $0 != "?" }
        return plain ? text : "=?UTF-8?B?" + Data(text.utf8).base64EncodedString() + "?="
    }

    /// At most 76 characters a line (RFC 2045 §6.8).
    static func base64Lines(_ text: String) -> [String] {
        let encoded = Array(Data(text.utf8).base64EncodedString())
        return stride(from: 0, to: encoded.count, by: 76).map { String(encoded[$0..<min($0 + 76, encoded.count)]) }
    }

    /// RFC 5322 §3.3, in UTC.
    static func rfc5322Date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return formatter.string(from: date)
    }
}
