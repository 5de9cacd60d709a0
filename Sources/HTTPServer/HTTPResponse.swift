import Foundation

/// One HTTP response as a plain value. `Content-Length` is computed by the server; do not set it.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// The route template that answered (bounded cardinality), for the access log; never sent.
    public var route: String?

    public init(status: Int = 200, headers: HTTPHeaders = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// JSON with sorted keys and unescaped slashes (docs/architecture.md platform note 9); 500 if encoding
    /// fails.
    public static func json(_ status: Int = 200, _ value: some Encodable) -> HTTPResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else {
            return .json(500, raw: #"{"error":"server_error"}"#)
        }
        return .json(status, raw: [UInt8](data))
    }

    /// Bytes that already are JSON.
    public static func json(_ status: Int = 200, raw: [UInt8]) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: raw)
    }

    /// Text that already is JSON.
    public static func json(_ status: Int = 200, raw: String) -> HTTPResponse { .json(status, raw: Array(raw.utf8)) }

    /// An HTML page; the server adds the default Content-Security-Policy and X-Frame-Options.
    public static func html(_ status: Int = 200, _ page: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "text/html; charset=utf-8"], body: Array(page.utf8))
    }

    public static func text(_ status: Int = 200, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Array(text.utf8))
    }

    /// 302 Found or 303 See Other (RFC 9110 §15.4.3, §15.4.4) to `location`.
    public static func redirect(to location: String, status: Int = 302) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Location": location])
    }

    public static func empty(_ status: Int = 204) -> HTTPResponse { HTTPResponse(status: status) }

    /// Returns a copy with one more header field.
    public func adding(_ name: String, _ value: String) -> HTTPResponse {
        var copy = self
        copy.headers.add(name, value)
        return copy
    }

    public var bodyText: String { String(decoding: body, as: UTF8.self) }
}
