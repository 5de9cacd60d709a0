import Testing

@testable import AppFlipKit

@Suite struct AppFlipRedirectTests {
    @Test(arguments: GoogleRedirectURIs.appFlip)
    func acceptsGooglesTwelveURIs(uri: String) {
        #expect(AppFlipRedirect.isGoogleAppFlipRedirect(uri))
    }

    @Test func listsTwelveAppFlipAndTwoWebURIs() {
        #expect(GoogleRedirectURIs.appFlip.count == 12)
        #expect(Set(GoogleRedirectURIs.appFlip).count == 12)
        #expect(
            GoogleRedirectURIs.appFlip.contains(
                "https://oauth-redirect-sandbox.googleusercontent.com/a/com.google.OPA.enterprise"))
        #expect(
            GoogleRedirectURIs.web(project: "p-1") == [
                "https://oauth-redirect.googleusercontent.com/r/p-1",
                "https://oauth-redirect-sandbox.googleusercontent.com/r/p-1",
            ])
    }

    @Test func acceptsTheSandboxHostAndOtherBundleIDs() {
        #expect(
            AppFlipRedirect.check(
                "https://oauth-redirect-sandbox.googleusercontent.com/a/com.google.Chromecast") == nil)
        #expect(
            AppFlipRedirect.check("https://oauth-redirect.googleusercontent.com/a/com.example-app.2") == nil)
    }

    @Test(arguments: [
        ("http://oauth-redirect.googleusercontent.com/a/com.google.OPA", AppFlipRedirect.Problem.notHTTPS),
        ("oauth-redirect.googleusercontent.com/a/com.google.OPA", .notHTTPS),
        ("https://oauth-redirect.googleusercontent.com.example.org/a/com.google.OPA", .host),
        ("https://evil-oauth-redirect.googleusercontent.com/a/com.google.OPA", .host),
        ("https://OAUTH-REDIRECT.googleusercontent.com/a/com.google.OPA", .host),
        ("https://oauth-redirect.googleusercontent.com@example.org/a/com.google.OPA", .userInfo),
        ("https://user:pw@oauth-redirect.googleusercontent.com/a/com.google.OPA", .userInfo),
        ("https://user@oauth-redirect.googleusercontent.com/a/com.google.OPA", .userInfo),
        ("https://oauth-redirect.googleusercontent.com:443/a/com.google.OPA", .port),
        ("https://oauth-redirect.googleusercontent.com:8443/a/com.google.OPA", .port),
        ("https://oauth-redirect.googleusercontent.com/r/com.google.OPA", .path),
        ("https://oauth-redirect.googleusercontent.com/a/", .path),
        ("https://oauth-redirect.googleusercontent.com/a/com.google.OPA/x", .path),
        ("https://oauth-redirect.googleusercontent.com/a/com%2Egoogle", .path),
        ("https://oauth-redirect.googleusercontent.com/a/com_google", .path),
        ("https://oauth-redirect.googleusercontent.com\\@example.org/a/x", .path),
        ("https://oauth-redirect.googleusercontent.com\\a\\com.google.OPA", .path),
        ("https://oauth-redirect.googleusercontent.com/a/com.google.OPA#frag", .fragment),
        ("https://oauth-redirect.googleusercontent.com/a/com.google.OPA#", .fragment),
        // Where the server's former URLComponents copy disagreed with the kit (Sources/GoogleRedirects is
        // now the one rule):
        ("https://oauth-redirect.googleusercontent.com:/a/com.google.OPA", .port),
        ("https://oauth-redirect.googleusercontent.com/a/com%2Egoogle.OPA", .path),
        ("https://oauth-redirect.googleusercontent.com/a/com.google.OPA?x=1", .query),
        ("https://oauth-redirect.googleusercontent.com/a/com.google.OPA?", .query),
        ("https://oauth-redirect.googleusercontent.com/a/com.google.OPA/", .path),
        ("https://oauth-redirect.googleusercontent.com./a/com.google.OPA", .host),
    ])
    func refuses(uri: String, problem: AppFlipRedirect.Problem) {
        #expect(AppFlipRedirect.check(uri) == problem)
        #expect(!AppFlipRedirect.isGoogleAppFlipRedirect(uri))
    }

    @Test func refusesTheWebRedirectForAppFlip() {
        for uri in GoogleRedirectURIs.web(project: "p") {
            #expect(AppFlipRedirect.check(uri) == .path)
        }
    }
}
