import AppFlipKit
import Foundation

/// Which App Flip outcome to reproduce (docs/app-flip-testing.md).
enum AppFlipVariant: String, CaseIterable, Sendable {
    case success
    case deny
    case wrongClient = "wrong-client"
    case foreignRedirect = "foreign-redirect"
    case signedOut = "signed-out"
}

/// Plays Google's part (as Google's App Flip test tool does) and the maker's app's part (with
/// AppFlipKit) against a running server, printing each step. Throws `SimulationFailure` as soon as
/// something differs from what the variant expects.
struct AppFlipSimulation: Sendable {
    struct Settings: Sendable {
        var server: URL
        var appLink: URL
        var googleClientID: String
        var googleSecret: String?
        var appClientID: String
        var email: String?
        var password: String?
        var scopes: [String]
        var googleRedirectURI: String
        var variant: AppFlipVariant
    }

    /// Google's tokens after a successful link (the demo revokes them later).
    struct Linked: Sendable {
        let accessToken: String
        let refreshToken: String
        let scope: String
    }

    struct Outcome: Sendable {
        let summary: String
        let linked: Linked?
    }

    let settings: Settings
    let http: SimHTTP
    let report: StepReporter

    func endpoint(_ path: String) -> URL { settings.server.appendingPathComponent(String(path.dropFirst())) }

    func run() async throws -> Outcome {
        switch settings.variant {
        case .success: return try await linkSuccessfully()
        case .deny: return try await userDenies()
        case .signedOut: return try await appIsSignedOut()
        case .wrongClient: return try await refuseLink(clientID: "unregistered-" + Self.randomHex(8),
                                                       redirectURI: settings.googleRedirectURI)
        case .foreignRedirect: return try await refuseLink(clientID: settings.googleClientID,
                                                           redirectURI: "https://attacker.example/a/com.google.Chromecast")
        }
    }

    /// The whole happy path: link → app validates → app signs in → code → flip back → Google
    /// checks state → code redeemed → refreshed once.
    func linkSuccessfully() async throws -> Outcome {
        let (link, state) = try await googleOpensLink(clientID: settings.googleClientID, redirectURI: settings.googleRedirectURI)
        let request = try appReadsLink(link, sentState: state)
        let token = try await appSignsIn()
        let answer = try await appRequestsCode(request, bearer: token, decision: nil)
        let code = try require(answer.string("code"), "the App Flip endpoint answered \(answer.status) without a code: \(answer.text)")
        let back = try appFlipsBack(request, response: .success(code: code, state: request.state),
                                    serverRedirect: answer.string("redirect_to"))
        guard case .success(let returnedCode, _) = try googleReadsReturn(back, sentState: state) else {
            throw SimulationFailure("Google expected a code in the return URL")
        }
        let linked = try await googleRedeems(code: returnedCode, redirectURI: settings.googleRedirectURI)
        try await googleRefreshes(linked.refreshToken)
        return Outcome(summary: "linked: Google obtained tokens through App Flip and refreshed them", linked: linked)
    }

    /// The user presses Cancel in the app: `decision=deny` → `access_denied`, not recoverable.
    func userDenies() async throws -> Outcome {
        let (link, state) = try await googleOpensLink(clientID: settings.googleClientID, redirectURI: settings.googleRedirectURI)
        let request = try appReadsLink(link, sentState: state)
        let token = try await appSignsIn()
        let answer = try await appRequestsCode(request, bearer: token, decision: "deny")
        try expectError(answer, .accessDenied, redirected: true)
        let back = try appFlipsBack(request, response: .failure(.accessDenied, description: answer.string("error_description"),
                                                                state: request.state),
                                    serverRedirect: answer.string("redirect_to"))
        try googleSeesError(back, sentState: state, expected: .accessDenied)
        return Outcome(summary: "access_denied: the user declined, Google stops linking", linked: nil)
    }

    /// The app has no valid sign-in: no token, then a token the server never issued → `cancelled`.
    func appIsSignedOut() async throws -> Outcome {
        let (link, state) = try await googleOpensLink(clientID: settings.googleClientID, redirectURI: settings.googleRedirectURI)
        let request = try appReadsLink(link, sentState: state)
        report.step("The app is signed out: it asks for a code without a token, then with a stale one")
        let noToken = try await appRequestsCode(request, bearer: nil, decision: nil, announce: false)
        try expectError(noToken, .cancelled, redirected: true)
        let stale = try await appRequestsCode(request, bearer: "signed-out-" + Self.randomHex(16), decision: nil,
                                              announce: false)
        try expectError(stale, .cancelled, redirected: true)
        let back = try appFlipsBack(request, response: .failure(.cancelled, description: stale.string("error_description"),
                                                                state: request.state),
                                    serverRedirect: stale.string("redirect_to"))
        try googleSeesError(back, sentState: state, expected: .cancelled)
        return Outcome(summary: "cancelled: recoverable, the user signs in to the app again", linked: nil)
    }

    func require<T>(_ value: T?, _ message: @autoclosure () -> String) throws -> T {
        guard let value else { throw SimulationFailure(message()) }
        return value
    }

    static func randomHex(_ bytes: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<bytes).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }
}
