import Foundation
import JOSE
import OAuthCore
import Support

/// Sign in with Apple on the web: Apple's authorize endpoint with `response_mode=form_post`; Apple POSTs
/// `code`, `id_token`, `state` and, the first time only, `user` to the callback
/// (https://developer.apple.com/documentation/sign_in_with_apple/sign_in_with_apple_js/incorporating_sign_in_with_apple_into_other_platforms).
public struct AppleWebSignIn: Sendable {
    let verifier: AppleIdentityTokenVerifier
    let signIn: SignInService

    public init(verifier: AppleIdentityTokenVerifier, signIn: SignInService) {
        self.verifier = verifier
        self.signIn = signIn
    }

    /// The authorize request's `nonce`: the SHA-256 hex of a raw value only we know; Apple copies it into the token.
    public static func nonce(_ record: WebSignInState) -> String { Hex.encode(SHA256.hash(record.rawNonce)) }

    /// The callback's form, for the record taken from its `state`. `redirectURI` is the callback URL, with
    /// which the code is redeemed.
    public func callback(_ record: WebSignInState, idToken: String, code: String?, user: String?, redirectURI: String)
        async throws -> WebSignInOutcome
    {
        let identity = try await verifier.verify(idToken, rawNonce: record.rawNonce)
        return try await signIn.finishWebSignIn(.apple, identity: identity, record: record, names: Self.names(user),
                                                appleCode: code, appleRedirectURI: redirectURI)
    }

    /// Apple's `user` JSON `{"name":{"firstName","lastName"},"email"}` comes from the browser: keep
    /// short plain strings only (they are escaped again when shown).
    public static func names(_ json: String?) -> (given: String?, family: String?)? {
        guard let json, let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
              let name = object["name"] as? [String: Any]
        else { return nil }
        func clean(_ value: Any?) -> String? {
            guard let text = (value as? String)?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
            return String(text.filter { !$0.isNewline && $0 != "\u{0}" }.prefix(100))
        }
        return (clean(name["firstName"]), clean(name["lastName"]))
    }
}
