import HTTPServer
import Testing

/// What the HTTP layer decides before any flow runs: which handler a method and path reach.
@Suite struct RoutingTests {
    /// A path no route has gets the product's own page (HTML, escaped, security headers apply), not a
    /// bare text answer, and nothing is redirected.
    @Test(arguments: ["/no-such-page", "/token/", "/authorize/../token", "/.well-known/unknown"])
    func anUnknownPathIsAnHTML404(path: String) async throws {
        let app = try AppUnderTest()
        let answer = await app.send("GET", path)
        #expect(answer.status == 404)
        #expect(answer.headers["Content-Type"]?.hasPrefix("text/html") == true)
        #expect(answer.headers["Location"] == nil)
        #expect(answer.text.contains("<html"))
    }

    /// Every route has its own `route` label on `/metrics`: none is counted as `other`.
    @Test func everyRouteIsLabelledOnMetrics() throws {
        let app = try AppUnderTest()
        #expect(app.app.routesWithoutMetricsLabel.isEmpty, "add these to AccountLinkApp.paths: \(app.app.routesWithoutMetricsLabel.sorted())")
    }

    /// RFC 9110 §15.5.6: a known path with another method is 405 and says which methods it takes.
    @Test(arguments: [("GET", "/token", "POST"), ("PUT", "/token", "POST"), ("DELETE", "/authorize", "GET"),
                      ("POST", "/jwks.json", "GET"), ("PATCH", "/account", "GET")])
    func anotherMethodOnAKnownPathIs405WithAllow(method: String, path: String, allowed: String) async throws {
        let app = try AppUnderTest()
        let answer = await app.send(method, path)
        #expect(answer.status == 405)
        let allow = try #require(answer.headers["Allow"]).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(allow.contains(allowed))
        #expect(!allow.contains(method))
    }

    /// RFC 9110 §9.3.2: HEAD is answered as GET (the server sends no body for it).
    @Test func headIsAnsweredByTheGetRoute() async throws {
        let app = try AppUnderTest()
        #expect(await app.send("HEAD", "/jwks.json").status == 200)
        #expect(await app.send("HEAD", "/token").status == 405)
    }

    /// The token endpoint takes form bodies only (RFC 6749 §3.2): JSON is an OAuth error, not a 404 or a crash.
    @Test func theTokenEndpointRefusesABodyThatIsNotAForm() async throws {
        let app = try AppUnderTest()
        var headers = HTTPHeaders()
        headers.add("Content-Type", "application/json")
        let answer = await app.responder.respond(to: HTTPRequest(
            method: "POST", path: "/token", headers: headers, body: Array(#"{"grant_type":"password"}"#.utf8)))
        #expect(answer.status == 400)
        #expect(answer.text.contains("\"invalid_request\""))
    }
}
