import AppFlipKit
import Foundation
import Support

/// Google's part, as Google's App Flip test tool plays it
/// (https://developers.google.com/identity/account-linking/app-flip-ios).
extension AppFlipSimulation {
    /// A `state` of 200 characters with everything that breaks careless encoders: space, `+`, `&`,
    /// `=`, `%`, `#`, quotes, backslash, non-ASCII and an emoji.
    static func awkwardState(length: Int = 200) -> String {
        let awkward = Array(" +&=%/?#;:@!$'()*,~\"<>[]{}|\\^`é€中🙂") + Array("%20%2B")
        let plain = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._")
        var generator = SystemRandomNumberGenerator()
        var characters = awkward
        while characters.count < length {
            let pool = Bool.random(using: &generator) ? awkward : plain
            characters.append(pool.randomElement(using: &generator)!)
        }
        return String(characters.shuffled(using: &generator))
    }

    func googleOpensLink(clientID: String, redirectURI: String) async throws -> (URL, String) {
        let state = Self.awkwardState()
        guard let link = AppFlipLink.make(base: settings.appLink, clientID: clientID, scopes: settings.scopes,
                                          state: state, redirectURI: redirectURI)
        else { throw SimulationFailure("cannot build the App Flip link on \(settings.appLink)") }
        report.step("Google's app opens the maker's App Flip link (a universal link)")
        report.detail("link:         \(settings.appLink.absoluteString)?client_id=…&scope=…&state=…&redirect_uri=… (\(link.absoluteString.count) chars)")
        report.detail("client_id:    \(clientID)")
        report.detail("scope:        \(settings.scopes.isEmpty ? "(empty: the client's default scopes)" : settings.scopes.joined(separator: " "))")
        report.detail("redirect_uri: \(redirectURI)")
        report.detail("state:        \(state.count) random characters, starting \(String(reflecting: String(state.prefix(24))))")
        await checkAssociation()
        return (link, state)
    }

    /// Reads the app's return URL as Google's app does and compares `state` byte for byte.
    @discardableResult
    func googleReadsReturn(_ url: URL, sentState: String) throws -> AppFlipResponse {
        report.step("Google's app reads the return URL and checks state byte for byte")
        let response: AppFlipResponse
        do { response = try AppFlipResponse(returnURL: url) } catch {
            throw SimulationFailure("Google cannot read the return URL: \(error)")
        }
        let returned: String?
        switch response {
        case .success(_, let state): returned = state
        case .failure(_, _, let state): returned = state
        }
        guard let returned, returned.sameBytes(sentState) else {
            throw SimulationFailure("the state came back different from what Google sent (\(returned?.count ?? 0) vs \(sentState.count) chars)")
        }
        report.detail("state is identical (\(sentState.utf8.count) bytes)")
        return response
    }

    func googleSeesError(_ url: URL, sentState: String, expected: AppFlipError) throws {
        let response = try googleReadsReturn(url, sentState: sentState)
        guard case .failure(let error, _, _) = response, error == expected else {
            throw SimulationFailure("Google expected error=\(expected.rawValue) in the return URL, got \(response)")
        }
        report.detail("error=\(error.rawValue): "
            + (error.isRecoverable ? "recoverable, Google falls back to linking in the browser"
                                   : "not recoverable, Google stops linking"))
    }

    /// RFC 6749 §4.1.3 with `client_secret_basic` (§2.3.1), exactly like a browser-flow code.
    func googleRedeems(code: String, redirectURI: String) async throws -> Linked {
        report.step("Google's server redeems the code at POST /token (HTTP Basic client authentication)")
        let answer = try await http.post(endpoint("/token"), form: [
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI),
        ], headers: ["Authorization": try googleBasic()])
        guard answer.status == 200, let access = answer.string("access_token"),
            let refresh = answer.string("refresh_token")
        else { throw SimulationFailure("the code was not redeemed: HTTP \(answer.status) \(answer.text)") }
        let scope = answer.string("scope") ?? ""
        report.detail("HTTP 200: access token \(StepReporter.abbreviate(access)), refresh token \(StepReporter.abbreviate(refresh))")
        report.detail("expires_in \(answer.json?["expires_in"] as? Int ?? 0) s, scope \"\(scope)\""
            + (answer.string("id_token") != nil ? ", with an id_token" : ""))
        return Linked(accessToken: access, refreshToken: refresh, scope: scope)
    }

    func googleRefreshes(_ refreshToken: String) async throws {
        report.step("Google's server refreshes the access token (grant_type=refresh_token)")
        let answer = try await refresh(refreshToken)
        guard answer.status == 200, let access = answer.string("access_token") else {
            throw SimulationFailure("the refresh failed: HTTP \(answer.status) \(answer.text)")
        }
        report.detail("HTTP 200: new access token \(StepReporter.abbreviate(access))")
    }

    func refresh(_ refreshToken: String) async throws -> SimResponse {
        try await http.post(endpoint("/token"), form: [("grant_type", "refresh_token"), ("refresh_token", refreshToken)],
                            headers: ["Authorization": try googleBasic()])
    }

    func googleBasic() throws -> String {
        guard let secret = settings.googleSecret else {
            throw SimulationFailure("Google's client secret is needed: --google-secret SECRET or --google-secret-stdin")
        }
        return SimHTTP.basic(id: settings.googleClientID, secret: secret)
    }
}
