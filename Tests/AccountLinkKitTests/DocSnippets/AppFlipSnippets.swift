// The Swift of docs/app-flip-ios.md, compiled and run by `make test`.
import AccountLinkKit
import AppFlipKit
import Foundation

// MARK: check the link
/// The `--id` of `accountlink client add … --app-flip`: the client ID you gave Google.
let googleClientID = "google"

enum AppFlipStart {
    /// Show your consent screen for this request.
    case consent(AppFlipRequest)
    /// Open this URL at once (an `invalid_request` answer to Google).
    case answer(URL)
    /// Not a link to answer: ignore it.
    case ignore
}

func startAppFlip(_ url: URL) -> AppFlipStart {
    do {
        return .consent(try AppFlipRequest(url: url, expectedClientID: googleClientID))
    } catch {
        // Only a redirect_uri that is Google's is answered; anything else is not redirected.
        guard let uri = AppFlipRequest.answerableRedirectURI(in: url),
            let back = AppFlipResponse.failure(.invalidRequest).url(appendingTo: uri)
        else { return .ignore }
        return .answer(back)
    }
}

// MARK: answer
/// After "Agree and link" (`agreed`) or "Cancel": the URL to open in Google's app.
func finishAppFlip(_ request: AppFlipRequest, agreed: Bool, accountLink: AccountLink) async -> URL? {
    await accountLink.appFlipReturnURL(request, decision: agreed ? .allow : .deny)
}
