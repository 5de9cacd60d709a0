import Foundation
import Support

/// One HTTP request as a plain value (docs/architecture.md rule 1): handlers never touch a socket.
public struct HTTPRequest: Sendable {
    public var method: String
    /// The percent-decoded path, without the query string.
    public var path: String
    /// The query string as sent, without the `?`.
    public var rawQuery: String
    public var query: FormParameters
    public var headers: HTTPHeaders
    public var body: [UInt8]
    public var remoteAddress: String
    /// The client's address: `remoteAddress`, or what a trusted proxy put in `X-Forwarded-For`
    /// (`HTTPServer.Configuration.trustedProxies`). Use this for throttling and logs.
    public var clientIP: String
    public var requestID: String
    /// Parsed from the `Cookie` header (RFC 6265 §5.4); for a repeated name the first wins.
    public var cookies: [String: String]

    public init(method: String, path: String, rawQuery: String = "", headers: HTTPHeaders = [:],
                body: [UInt8] = [], remoteAddress: String = "127.0.0.1", requestID: String = "test")
    {
        self.method = method
        self.path = path
        self.rawQuery = rawQuery
        self.query = FormParameters.parse(rawQuery)
        self.headers = headers
        self.body = body
        self.remoteAddress = remoteAddress
        self.clientIP = remoteAddress
        self.requestID = requestID
        self.cookies = Self.parseCookies(headers.values("Cookie"))
    }

    public func header(_ name: String) -> String? { headers[name] }

    /// The media type of `Content-Type`, lowercased, without parameters (`text/html; charset=…` → `text/html`).
    public var mediaType: String? {
        withMediaType { String(decoding: $0, as: UTF8.self).lowercased() }
    }

    /// Whether the media type of `Content-Type` is `expected` (lowercase ASCII): `mediaType == expected`
    /// compared on bytes, without building the lowercased string (every token request asks).
    public func hasMediaType(_ expected: StaticString) -> Bool {
        withMediaType { ASCIICase.equal($0, lowercased: expected) } ?? false
    }

    /// `body` on the bytes of `Content-Type` before its first `;`, without spaces and tabs around them
    /// (RFC 9110 §5.6.3 OWS, §8.3.1: `;text/html` has no media type); nil without the header. The one
    /// reading of the media type, for `mediaType` and `hasMediaType`.
    private func withMediaType<T>(_ body: (UnsafeBufferPointer<UInt8>) -> T) -> T? {
        guard var value = headers["Content-Type"] else { return nil }
        return value.withUTF8 { bytes in
            let optional: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 }
            var end = bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.count
            var start = 0
            while start < end && optional(bytes[start]) { start += 1 }
            while end > start && optional(bytes[end - 1]) { end -= 1 }
            return body(UnsafeBufferPointer(rebasing: bytes[start..<end]))
        }
    }

    /// The parsed body when it is `application/x-www-form-urlencoded`, else nil. Repeats are kept,
    /// so `duplicatedNames` can reject a parameter sent twice (RFC 6749 §3.1).
    public var form: FormParameters? {
        guard hasMediaType("application/x-www-form-urlencoded") else { return nil }
        return FormParameters.parse(String(decoding: body, as: UTF8.self))
    }

    /// The body as UTF-8 text (invalid sequences become U+FFFD).
    public var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// Decodes a JSON body; throws when it is not valid JSON for `T`.
    public func decodeJSON<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(body))
    }

    /// `a=1; b=2` → ["a": "1", "b": "2"]; pairs without `=` are skipped; quotes around a value are removed.
    static func parseCookies(_ headerValues: [String]) -> [String: String] {
        var cookies: [String: String] = [:]
        for header in headerValues {
            for pair in header.split(separator: ";") {
                guard let equals = pair.firstIndex(of: "=") else { continue }
                let name = pair[..<equals].trimmingOWS
                var value = pair[pair.index(after: equals)...].trimmingOWS
                if value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"") {
                    value = String(value.dropFirst().dropLast())
                }
                if !name.isEmpty && cookies[name] == nil { cookies[name] = value }
            }
        }
        return cookies
    }
}
