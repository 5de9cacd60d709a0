import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The headers a browser and a cache act on, as they leave the real server (the app's responder
/// behind HTTPServer on 127.0.0.1): OWASP Secure Headers for pages, no-store for tokens (RFC 6749 §5.1).
@Suite struct SecurityHeaderTests {
    @Test func aPageForbidsFramingSniffingAndReferrersAndIsNotCached() async throws {
        let app = try AppUnderTest()
        let (status, headers) = try await app.overLoopback { base in
            try await Self.fetch(URLRequest(url: base.appendingPathComponent("login")))
        }
        #expect(status == 200)
        let policy = try #require(headers["content-security-policy"])
        #expect(policy.contains("frame-ancestors 'none'"))
        #expect(policy.contains("default-src 'none'"))
        #expect(headers["x-frame-options"] == "DENY")
        #expect(headers["x-content-type-options"] == "nosniff")
        #expect(headers["referrer-policy"] == "no-referrer")
        #expect(headers["cache-control"] == "no-store")
    }

    /// The 404 page is a page too: framed nowhere, never sniffed.
    @Test func theNotFoundPageCarriesTheSameHeaders() async throws {
        let app = try AppUnderTest()
        let (status, headers) = try await app.overLoopback { base in
            try await Self.fetch(URLRequest(url: base.appendingPathComponent("no-such-page")))
        }
        #expect(status == 404)
        #expect(headers["content-security-policy"]?.contains("frame-ancestors 'none'") == true)
        #expect(headers["x-content-type-options"] == "nosniff")
    }

    /// RFC 6749 §5.1 and §5.2: a token response and a token error are never cached.
    @Test func tokenAnswersAndTokenErrorsAreNoStore() async throws {
        let app = try AppUnderTest()
        try app.addPersonAndApp()
        let (issued, refused) = try await app.overLoopback { base in
            let good = [("grant_type", "password"), ("client_id", AppUnderTest.appClientID), ("scope", "openid"),
                        ("username", AppUnderTest.email), ("password", AppUnderTest.password)]
            let bad = [("grant_type", "password"), ("client_id", "no-such-client"),
                       ("username", AppUnderTest.email), ("password", AppUnderTest.password)]
            return (try await Self.fetch(Self.formPost(base.appendingPathComponent("token"), good)),
                    try await Self.fetch(Self.formPost(base.appendingPathComponent("token"), bad)))
        }
        #expect(issued.status == 200)
        #expect(refused.status == 401 || refused.status == 400)
        for headers in [issued.headers, refused.headers] {
            #expect(headers["cache-control"] == "no-store")
            #expect(headers["content-type"]?.hasPrefix("application/json") == true)
            #expect(headers["x-content-type-options"] == "nosniff")
        }
    }

    static func formPost(_ url: URL, _ form: [(String, String)]) -> URLRequest {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        request.httpBody = Data(form.map { pair in
            [pair.0, pair.1].map { $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? "" }.joined(separator: "=")
        }.joined(separator: "&").utf8)
        return request
    }

    /// Status and headers (names lowercased) of one request, cookies and redirects left alone.
    /// Bounded as the kit's tests are (120 s): under the whole suite's load a handler can wait long for
    /// Swift's pool.
    static func fetch(_ request: URLRequest) async throws -> (status: Int, headers: [String: String]) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpShouldSetCookies = false
        configuration.timeoutIntervalForRequest = 120
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        var bounded = request
        bounded.timeoutInterval = 120
        let (_, response) = try await session.data(for: bounded)
        let http = try #require(response as? HTTPURLResponse)
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        return (http.statusCode, headers)
    }
}
