import AppFlipKit
import Foundation
import Support

/// The maker's app's part, with AppFlipKit
/// (https://developers.google.com/identity/account-linking/app-flip-ios).
extension AppFlipSimulation {
    /// The four link parameters as sent to `POST /app-flip/authorize`.
    struct LinkFields: Sendable {
        let clientID: String
        let redirectURI: String
        let scope: String
        let state: String
    }

    func appReadsLink(_ link: URL, sentState: String) throws -> AppFlipKit.AppFlipRequest {
        report.step("The app receives the link and validates it with AppFlipKit")
        let request: AppFlipKit.AppFlipRequest
        do { request = try AppFlipKit.AppFlipRequest(url: link, expectedClientID: settings.googleClientID) } catch {
            throw SimulationFailure("AppFlipKit refused the link: \(error)")
        }
        guard request.state.sameBytes(sentState) else {
            throw SimulationFailure("AppFlipKit decoded a state different from the one Google sent")
        }
        report.detail("client_id is the expected one, redirect_uri is one of Google's App Flip URIs")
        report.detail("state decoded intact (\(request.state.count) characters)")
        return request
    }

    func appSignsIn() async throws -> String {
        report.step("The app signs the user in with its own client \"\(settings.appClientID)\" (password grant, POST /token)")
        guard let email = settings.email, let password = settings.password else {
            throw SimulationFailure("--email and --password-stdin are needed to sign the app in")
        }
        let answer = try await http.post(endpoint("/token"), form: [
            ("grant_type", "password"), ("client_id", settings.appClientID), ("username", email), ("password", password),
        ])
        guard answer.status == 200, let token = answer.string("access_token") else {
            throw SimulationFailure("the app could not sign in: HTTP \(answer.status) \(answer.text)")
        }
        report.detail("signed in as \(email); app access token \(StepReporter.abbreviate(token))")
        return token
    }

    func appRequestsCode(_ request: AppFlipKit.AppFlipRequest, bearer: String?, decision: String?,
                         announce: Bool = true) async throws -> SimResponse {
        let fields = LinkFields(clientID: request.clientID, redirectURI: request.redirectURI, scope: request.scope,
                                state: request.state)
        if announce {
            report.step(decision == "deny"
                ? "The user presses Cancel; the app tells the server: POST /app-flip/authorize decision=deny"
                : "The user agrees; the app asks for a code: POST /app-flip/authorize with its Bearer token")
        }
        return try await appRequestsCode(fields, bearer: bearer, decision: decision)
    }

    func appRequestsCode(_ fields: LinkFields, bearer: String?, decision: String?) async throws -> SimResponse {
        var form = [("client_id", fields.clientID), ("redirect_uri", fields.redirectURI), ("scope", fields.scope),
                    ("state", fields.state)]
        if let decision { form.append(("decision", decision)) }
        let headers = bearer.map { ["Authorization": "Bearer " + $0] } ?? [:]
        let answer = try await http.post(endpoint("/app-flip/authorize"), form: form, headers: headers)
        let what = answer.string("code").map { "code \(StepReporter.abbreviate($0))" }
            ?? "error=\(answer.string("error") ?? "?") (\(answer.string("error_description") ?? answer.text))"
        report.detail("\(bearer == nil ? "no token" : "Bearer token") → HTTP \(answer.status): \(what)")
        return answer
    }

    /// The return URL built by AppFlipKit; when the server offered `redirect_to`, both must agree.
    func appFlipsBack(_ request: AppFlipKit.AppFlipRequest, response: AppFlipResponse, serverRedirect: String?) throws
        -> URL
    {
        report.step("The app flips back to Google's app: AppFlipKit builds the return URL")
        guard let url = response.url(appendingTo: request.redirectURI) else {
            throw SimulationFailure("AppFlipKit cannot append the answer to \(request.redirectURI)")
        }
        let names = response.parameters.map(\.name).joined(separator: "&")
        report.detail("\(request.redirectURI)?\(names)… (\(url.absoluteString.count) chars)")
        if let serverRedirect {
            guard let other = URL(string: serverRedirect), (try? AppFlipResponse(returnURL: other)) == response else {
                throw SimulationFailure("the server's redirect_to differs from the URL AppFlipKit built: \(serverRedirect)")
            }
            report.detail("the same answer as the server's redirect_to")
        }
        return url
    }

    /// A 4xx with the given App Flip error and no code; `redirect_to` present exactly when expected.
    func expectError(_ answer: SimResponse, _ expected: AppFlipError, redirected: Bool) throws {
        guard (400..<500).contains(answer.status), answer.string("error") == expected.rawValue,
            answer.json?["code"] == nil
        else {
            throw SimulationFailure("expected error=\(expected.rawValue) and no code, got HTTP \(answer.status) \(answer.text)")
        }
        let hasRedirect = answer.json?["redirect_to"] != nil
        guard hasRedirect == redirected else {
            throw SimulationFailure(redirected ? "the server gave no redirect_to for Google's redirect URI"
                                               : "the server offered redirect_to for a redirect_uri that is not Google's")
        }
        report.detail("refused as expected: error=\(expected.rawValue), "
            + (redirected ? "with redirect_to on Google's URI" : "no redirect_to, nothing is sent anywhere"))
    }
}
