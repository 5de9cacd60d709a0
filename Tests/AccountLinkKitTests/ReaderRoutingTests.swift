import HTTPServer
import Testing

@testable import AccountLinkServer

/// Which requests start on PostgreSQL's reader (StoreThreadsResponder.runsOnReader), by method and path
/// alone: the reads and `/token` whatever its body says (the token endpoint runs every grant but a refresh
/// on the store's threads, OAuthCoreTests/LoopRequestsTests); every other route on the store's threads.
@Suite struct ReaderRoutingTests {
    private func request(_ method: String, _ path: String, _ body: String = "") -> HTTPRequest {
        HTTPRequest(method: method, path: path, body: Array(body.utf8))
    }

    @Test func readsAndTheTokenEndpointRunOnTheReader() {
        for (method, path) in [("GET", "/userinfo"), ("POST", "/userinfo"), ("POST", "/introspect"), ("GET", "/healthz")] {
            #expect(StoreThreadsResponder.runsOnReader(request(method, path)), "\(method) \(path)")
        }
        for body in ["grant_type=refresh_token&refresh_token=rt_x", "grant_type=authorization_code&code=c",
                     "grant_type=password&username=a", "grant_type=refresh%5Ftoken&refresh_token=x", ""] {
            #expect(StoreThreadsResponder.runsOnReader(request("POST", "/token", body)), "\(body)")
        }
    }

    @Test func otherRoutesStayOnTheStoreThreads() {
        #expect(!StoreThreadsResponder.runsOnReader(request("GET", "/token", "grant_type=refresh_token")))
        for (method, path) in [("POST", "/revoke"), ("GET", "/authorize"), ("POST", "/api/signup"), ("DELETE", "/api/account"),
                               ("POST", "/app-flip/authorize")] {
            #expect(!StoreThreadsResponder.runsOnReader(request(method, path, "grant_type=refresh_token")), "\(method) \(path)")
        }
    }
}
