import AppFlipKit
import Foundation

/// `--wrong-client` and `--foreign-redirect`: links the app and the server must both refuse.
extension AppFlipSimulation {
    func refuseLink(clientID: String, redirectURI: String) async throws -> Outcome {
        let google = AppFlipRedirect.isGoogleAppFlipRedirect(redirectURI)
        let (link, state) = try await googleOpensLink(clientID: clientID, redirectURI: redirectURI)
        let answerable = try appRefusesLink(link, googleRedirect: google)
        // The server must refuse on its own as well: an app that skips its checks gets no code.
        var bearer: String?
        if settings.email != nil && settings.password != nil { bearer = try await appSignsIn() }
        report.step("The server checks too: POST /app-flip/authorize with the link's parameters")
        let fields = LinkFields(clientID: clientID, redirectURI: redirectURI, scope: settings.scopes.joined(separator: " "),
                                state: state)
        let answer = try await appRequestsCode(fields, bearer: bearer, decision: nil)
        try expectError(answer, .invalidRequest, redirected: google)
        if let answerable {
            report.step("The app flips back to Google's app with error=invalid_request")
            let response = AppFlipResponse.failure(.invalidRequest, description: answer.string("error_description"),
                                                   state: state)
            guard let url = response.url(appendingTo: answerable) else {
                throw SimulationFailure("AppFlipKit cannot append the answer to \(answerable)")
            }
            try googleSeesError(url, sentState: state, expected: .invalidRequest)
        }
        try await browserRefusesLink(link)
        let what = google ? "unknown client_id \(clientID)" : "redirect_uri \(redirectURI)"
        return Outcome(summary: "invalid_request: \(what) refused, no code issued, nothing redirected", linked: nil)
    }

    /// AppFlipKit's verdict (App Flip iOS guide steps 3 and 4) and where, if anywhere, it may answer.
    func appRefusesLink(_ link: URL, googleRedirect: Bool) throws -> String? {
        report.step("The app validates the link with AppFlipKit")
        var refusal: AppFlipRequestError?
        do throws(AppFlipRequestError) {
            _ = try AppFlipKit.AppFlipRequest(url: link, expectedClientID: settings.googleClientID)
        } catch { refusal = error }
        guard let refusal else { throw SimulationFailure("AppFlipKit accepted a link it must refuse") }
        let expected: AppFlipRequestError = googleRedirect ? .clientIDMismatch : .invalidRedirectURI(.host)
        guard refusal == expected else { throw SimulationFailure("AppFlipKit refused the link for \(refusal), expected \(expected)") }
        let answerable = AppFlipKit.AppFlipRequest.answerableRedirectURI(in: link)
        report.detail("refused: " + Self.explain(refusal))
        report.detail(answerable.map { "the app may still answer invalid_request on \($0)" }
            ?? "the redirect_uri is not Google's: the app answers nowhere")
        return answerable
    }

    /// The same link in a browser (the app is not installed): an error page, no redirect.
    func browserRefusesLink(_ link: URL) async throws {
        report.step("The same link opened in a browser (app not installed): GET \(settings.appLink.path)?…")
        let page = try await http.get(link)
        guard (400..<500).contains(page.status), page.location == nil else {
            throw SimulationFailure("the browser fallback answered HTTP \(page.status) \(page.location.map { "to " + $0 } ?? "")")
        }
        report.detail("HTTP \(page.status) error page, no Location: nothing is redirected")
    }

    static func explain(_ refusal: AppFlipRequestError) -> String {
        switch refusal {
        case .clientIDMismatch: return "client_id is not the one Google registered for this app"
        case .invalidRedirectURI(let problem): return "redirect_uri is not one of Google's App Flip URIs (\(problem))"
        default: return "\(refusal)"
        }
    }
}
