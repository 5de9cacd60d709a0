import HTTPServer
import Testing

@testable import AccountLinkServer

/// Which requests start on PostgreSQL's reader (StoreThreadsResponder.runsOnReader): the reads, and a
/// refresh as its form says it is one; every other grant at `/token` and every other route on the store's
/// threads. Only the thread depends on this, never the answer (the token endpoint parses the form itself).
@Suite struct ReaderRoutingTests {
    private func request(_ method: String, _ path: String, _ body: String = "") -> HTTPRequest {
        HTTPRequest(method: method, path: path, body: Array(body.utf8))
    }

    @Test func readsAndRefreshesRunOnTheReader() {
        for (method, path) in [("GET", "/userinfo"), ("POST", "/userinfo"), ("POST", "/introspect"), ("GET", "/healthz")] {
            #expect(StoreThreadsResponder.runsOnReader(request(method, path)), "\(method) \(path)")
        }
        for body in ["grant_type=refresh_token&refresh_token=rt_x", "refresh_token=rt_x&grant_type=refresh_token",
                     "client_id=google&grant_type=refresh_token&scope=devices", "grant_type=refresh_token",
                     "&grant_type=refresh_token", "grant_type=refresh_token&", "a=&&grant_type=refresh_token"] {
            #expect(StoreThreadsResponder.runsOnReader(request("POST", "/token", body)), "\(body)")
        }
    }

    @Test func otherGrantsAndRoutesStayOnTheStoreThreads() {
        for body in ["grant_type=authorization_code&code=c&refresh_token=x", "grant_type=password&username=a",
                     "grant_type=refresh_tokens&refresh_token=x", "xgrant_type=refresh_token&refresh_token=x",
                     "scope=grant_type=refresh_token", "grant_type=refresh%5Ftoken&refresh_token=x", "",
                     "grant_type=refresh_token_", "&", "grant_type=refresh_toke"] {
            #expect(!StoreThreadsResponder.runsOnReader(request("POST", "/token", body)), "\(body)")
        }
        #expect(!StoreThreadsResponder.runsOnReader(request("GET", "/token", "grant_type=refresh_token")))
        for (method, path) in [("POST", "/revoke"), ("GET", "/authorize"), ("POST", "/api/signup"), ("DELETE", "/api/account")] {
            #expect(!StoreThreadsResponder.runsOnReader(request(method, path, "grant_type=refresh_token")), "\(method) \(path)")
        }
    }
}
