/// An HTTP header the protocol core asks for; the HTTP layer copies it verbatim.
public struct Header: Sendable, Equatable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// What an endpoint answers. The HTTP layer maps `.json` to a response with exactly these status,
/// headers and body, `.redirect` to 302 + `Location`, `.page` to an HTML view with the page's status.
public enum EndpointResponse: Sendable, Equatable {
    case json(status: Int, body: [UInt8], headers: [Header])
    case redirect(String)
    case page(PageModel)

    /// RFC 6749 §5.1 and §5.2: token and error responses are JSON and never cached.
    public static let noStoreHeaders = [
        Header("Content-Type", "application/json;charset=UTF-8"),
        Header("Cache-Control", "no-store"),
        Header("Pragma", "no-cache"),
    ]

    public static func json(_ value: JSONValue, status: Int = 200, extraHeaders: [Header] = [])
        -> EndpointResponse
    {
        .json(status: status, body: value.bytes, headers: noStoreHeaders + extraHeaders)
    }

    public var status: Int {
        switch self {
        case .json(let status, _, _): status
        case .redirect: 302
        case .page(let page): page.status
        }
    }

    public func header(_ name: String) -> String? {
        guard case .json(_, _, let headers) = self else { return nil }
        return headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

extension OAuthError {
    /// RFC 6749 §5.2 body `{"error", "error_description"}` (+ `link_token` for `link_required`).
    public var jsonBody: JSONValue {
        var members: [String: JSONValue] = [
            "error": .string(code.rawValue), "error_description": .string(description),
        ]
        if let linkToken { members["link_token"] = .string(linkToken) }
        return .object(members)
    }

    /// The JSON error response with the no-store headers; `WWW-Authenticate` when RFC 6749 §5.2
    /// (Basic) or RFC 6750 §3 (Bearer) asks for it.
    public var response: EndpointResponse {
        var extra: [Header] = []
        if code == .invalidClient && clientUsedBasic {
            extra.append(Header("WWW-Authenticate", "Basic realm=\"accountlink\""))
        }
        if code == .invalidToken || code == .insufficientScope {
            extra.append(
                Header(
                    "WWW-Authenticate",
                    "Bearer realm=\"accountlink\", error=\"\(code.rawValue)\""))
        }
        return .json(jsonBody, status: status, extraHeaders: extra)
    }
}
