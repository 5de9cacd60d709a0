import HTTPServer
import Support
import Testing

@Suite("Values, router, middleware")
struct ValueTests {
    @Test func headersAreCaseInsensitiveOrderedAndKeepRepeats() {
        var headers: HTTPHeaders = ["Content-Type": "text/plain", "Set-Cookie": "a=1"]
        headers.add("set-cookie", "b=2")
        #expect(headers["content-type"] == "text/plain")
        #expect(headers.values("SET-COOKIE") == ["a=1", "b=2"])
        headers.replaceOrAdd("Set-Cookie", "c=3")
        #expect(headers.values("set-cookie") == ["c=3"])
        #expect(headers.fields.map(\.name) == ["Content-Type", "Set-Cookie"])
        headers["Content-Type"] = nil
        #expect(!headers.contains("content-type"))
    }

    @Test func cookiesQueryAndFormWithDuplicates() {
        let request = HTTPRequest(
            method: "POST", path: "/token", rawQuery: "a=1&b=x+y&a=2",
            headers: ["Cookie": "sid=abc; theme=\"dark\"; broken", "Content-Type": "application/x-www-form-urlencoded; charset=utf-8"],
            body: Array("grant_type=authorization_code&code=c1&code=c2".utf8))
        #expect(request.cookies == ["sid": "abc", "theme": "dark"])
        #expect(request.query.values("a") == ["1", "2"])
        #expect(request.query["b"] == "x y")
        #expect(request.query.duplicatedNames == ["a"])
        #expect(request.form?["grant_type"] == "authorization_code")
        #expect(request.form?.duplicatedNames == ["code"])
        let json = HTTPRequest(method: "POST", path: "/", headers: ["Content-Type": "application/json"], body: Array("{\"n\":3}".utf8))
        #expect(json.form == nil)
        #expect((try? json.decodeJSON([String: Int].self)) == ["n": 3])
    }

    @Test func responseFactories() {
        struct Payload: Encodable { let url: String; let a: Int }
        let json = HTTPResponse.json(201, Payload(url: "https://x/y", a: 1))
        #expect(json.status == 201)
        #expect(json.bodyText == #"{"a":1,"url":"https://x/y"}"#)
        #expect(json.headers["content-type"] == "application/json")
        #expect(HTTPResponse.json(raw: "[]").bodyText == "[]")
        #expect(HTTPResponse.html(200, "<p>").headers["Content-Type"] == "text/html; charset=utf-8")
        let redirect = HTTPResponse.redirect(to: "https://example.com/cb?code=1", status: 303)
        #expect(redirect.status == 303 && redirect.headers["Location"] == "https://example.com/cb?code=1")
        #expect(HTTPResponse.empty(204).body.isEmpty)
    }

    @Test func securityHeadersDefaultsAndOverrides() {
        var html = HTTPResponse.html(200, "x").headers
        SecurityHeaders.apply(to: &html)
        #expect(html["X-Content-Type-Options"] == "nosniff")
        #expect(html["Referrer-Policy"] == "no-referrer")
        #expect(html["Content-Security-Policy"] == SecurityHeaders.defaultContentSecurityPolicy)
        #expect(html["X-Frame-Options"] == "DENY")
        var custom = HTTPResponse.html(200, "x").adding("Content-Security-Policy", "default-src 'self'").headers
        SecurityHeaders.apply(to: &custom)
        #expect(custom.values("Content-Security-Policy") == ["default-src 'self'"])
        var json = HTTPResponse.json(raw: "{}").headers
        SecurityHeaders.apply(to: &json)
        #expect(json["X-Content-Type-Options"] == "nosniff")
        #expect(json["Content-Security-Policy"] == nil && json["X-Frame-Options"] == nil)
    }

    @Test func routerAnswers404And405AndServesHeadByGet() async {
        var router = Router()
        router.add("GET", "/a", { _ in .text(200, "get a") })
        router.add("POST", "/a", { _ in .text(201, "post a") })
        router.add("DELETE", "/b", { _ in .empty(204) })
        #expect(await router.respond(to: HTTPRequest(method: "GET", path: "/a")).bodyText == "get a")
        #expect(await router.respond(to: HTTPRequest(method: "POST", path: "/a")).status == 201)
        #expect(await router.respond(to: HTTPRequest(method: "HEAD", path: "/a")).bodyText == "get a")
        #expect(await router.respond(to: HTTPRequest(method: "GET", path: "/nope")).status == 404)
        let wrong = await router.respond(to: HTTPRequest(method: "PUT", path: "/a"))
        #expect(wrong.status == 405)
        #expect(wrong.headers["Allow"] == "GET, HEAD, POST")
        let headOnDelete = await router.respond(to: HTTPRequest(method: "HEAD", path: "/b"))
        #expect(headOnDelete.status == 405 && headOnDelete.headers["Allow"] == "DELETE")
    }

    @Test func routerAnswersUnknownPathsWithItsNotFoundHandler() async {
        var router = Router()
        router.add("GET", "/a", { _ in .text(200, "a") })
        router.notFound = { request in .html(404, "<p>no \(request.path)</p>") }
        let missing = await router.respond(to: HTTPRequest(method: "POST", path: "/nope"))
        #expect(missing.status == 404 && missing.bodyText == "<p>no /nope</p>")
        #expect(await router.respond(to: HTTPRequest(method: "PUT", path: "/a")).status == 405)
    }

    @Test func middlewareRunsOutermostFirst() async {
        struct Tag: HTTPMiddleware {
            let name: String
            func respond(to request: HTTPRequest, next: any HTTPResponder) async -> HTTPResponse {
                var request = request
                request.headers.add("X-Trail", name)
                return await next.respond(to: request).adding("X-Out", name)
            }
        }
        let inner = ClosureResponder { request in .text(200, request.headers.values("X-Trail").joined(separator: ",")) }
        let chain = inner.wrapped(in: [Tag(name: "a"), Tag(name: "b")])
        let response = await chain.respond(to: HTTPRequest(method: "GET", path: "/"))
        #expect(response.bodyText == "a,b")
        #expect(response.headers.values("X-Out") == ["b", "a"])
    }
}

/// `X-Forwarded-For` is believed only from trusted proxies, read from the right (docs/operations.md).
@Suite struct ClientAddressTests {
    @Test func untrustedPeerIsTheClientWhateverItClaims() {
        #expect(ClientAddress.resolve(peer: "198.51.100.7", forwardedFor: ["203.0.113.9"], trusted: []) == "198.51.100.7")
        #expect(ClientAddress.resolve(peer: "198.51.100.7", forwardedFor: ["203.0.113.9"], trusted: ["10.0.0.1"])
            == "198.51.100.7")
    }

    @Test func trustedProxiesAreSkippedFromTheRight() {
        let trusted: Set<String> = ["10.0.0.1", "10.0.0.2"]
        #expect(ClientAddress.resolve(peer: "10.0.0.1", forwardedFor: ["203.0.113.9"], trusted: trusted) == "203.0.113.9")
        #expect(ClientAddress.resolve(peer: "10.0.0.1", forwardedFor: ["6.6.6.6, 203.0.113.9, 10.0.0.2"], trusted: trusted)
            == "203.0.113.9", "a forged leftmost entry is not believed")
        #expect(ClientAddress.resolve(peer: "10.0.0.1", forwardedFor: ["6.6.6.6", "203.0.113.9"], trusted: trusted)
            == "203.0.113.9", "repeated headers are one list")
        #expect(ClientAddress.resolve(peer: "10.0.0.1", forwardedFor: [], trusted: trusted) == "10.0.0.1")
    }

    /// The form's media type is compared on bytes: ASCII case-insensitive, parameters and OWS ignored.
    @Test(arguments: [("application/x-www-form-urlencoded", true), ("Application/X-WWW-Form-URLEncoded", true),
                      (" application/x-www-form-urlencoded ; charset=utf-8", true),
                      ("application/x-www-form-urlencoded\t;q", true), ("application/x-www-form-urlencodedx", false),
                      ("application/json", false), ("", false), (";application/x-www-form-urlencoded", false)])
    func formNeedsItsMediaType(contentType: String, isForm: Bool) {
        let request = HTTPRequest(method: "POST", path: "/token", headers: ["Content-Type": contentType],
                                  body: Array("a=1".utf8))
        #expect(request.hasMediaType("application/x-www-form-urlencoded") == isForm)
        #expect((request.form != nil) == isForm)
        #expect(request.hasMediaType("application/x-www-form-urlencoded")
            == (request.mediaType == "application/x-www-form-urlencoded"), "the same answer as mediaType")
    }
}
