import Foundation
import HTTPServer
import JOSE
import OAuthCore
import Pages

extension WebRoutes {
    /// OAuth 2.0 Form Post Response Mode §2: the page that posts the authorization response. Its one
    /// script runs by hash (CSP Level 3 §8.3: `'sha256-…'` of the script's text); `form-action` is left
    /// out as on the interaction pages, since the target is the client's registered redirect URI.
    func formPost(_ post: FormPostResponse) -> HTTPResponse {
        let page = FormPostPage(action: post.action, fields: post.fields.map { ($0.name, $0.value) },
                                locale: pageLocale())
        var response = HTTPResponse.html(200, page.render()).noStore()
        response.headers.replaceOrAdd(
            "Content-Security-Policy",
            "default-src 'none'; script-src '\(FormPostScript.hash)'; style-src 'self' 'unsafe-inline'; "
                + "img-src 'self' data: https:; frame-ancestors 'none'; base-uri 'none'")
        return response
    }
}

enum FormPostScript {
    /// The CSP source of `FormPostPage.script`.
    static let hash = "sha256-" + Data(SHA256.hash(FormPostPage.script)).base64EncodedString()
}
