import Foundation
import JOSE
import Support

/// OpenID Connect RP-Initiated Logout 1.0 (`GET /logout`, the discovery's `end_session_endpoint`) without
/// the HTTP. The relying party sends `id_token_hint` (an ID token we signed; expired ones are accepted,
/// §2), optionally `post_logout_redirect_uri` with `state` and `client_id`. A post-logout URI must be
/// one of the client's registered redirect URIs (`RegisteredRedirect`, byte for byte). Only a hint of
/// this browser's own session (its subject and its `auth_time`) ends the session at once; any other
/// request (no hint, or someone else's ID token) clears nothing: §2 says the OP MUST ask, so a
/// signed-in browser is asked, and a browser without a session is sent on as if it had logged out.
public struct EndSession: Sendable {
    public enum Decision: Equatable, Sendable {
        /// Ask the signed-in person (a CSRF-protected "Log out" button); nothing is cleared.
        case ask
        /// No session to end: 303 on to this place.
        case redirect(String)
        /// End this browser's session (and audit it), then 303 on to this place.
        case end(redirectTo: String)
        /// An error page; nothing is redirected (§2: the URI was not vetted).
        case refuse(OAuthError)
    }

    /// The browser's session and its account, when it has one.
    public typealias Current = (session: Session, account: Account)

    let verifyHint: @Sendable (String) -> JWTClaims?
    let lookUpClient: @Sendable (String) throws -> Client?

    /// `verifyHint`: our signature and issuer; expiry is not checked (§2: an expired ID token is a fine hint).
    public init(verifyHint: @escaping @Sendable (String) -> JWTClaims?,
                lookUpClient: @escaping @Sendable (String) throws -> Client?) {
        self.verifyHint = verifyHint
        self.lookUpClient = lookUpClient
    }

    public func decide(_ query: FormParameters, current: Current?) -> Decision {
        guard let hint = query["id_token_hint"], !hint.isEmpty else {
            return current == nil ? .redirect("/account") : .ask
        }
        guard let claims = verifyHint(hint) else {
            return .refuse(.invalidRequest("id_token_hint is not an ID token of this server"))
        }
        let target: String
        do { target = try postLogoutTarget(query, claims) } catch { return .refuse(OAuthError.from(error)) }
        guard let current else { return .redirect(target) }
        guard Self.hint(claims, isOf: current.session, current.account) else { return .ask }
        return .end(redirectTo: target)
    }

    /// Where the browser goes afterwards: `/login`, or the registered `post_logout_redirect_uri` with `state`.
    private func postLogoutTarget(_ query: FormParameters, _ claims: JWTClaims) throws -> String {
        let audiences = (try? claims.audiences()) ?? []
        let clientID = query["client_id"] ?? audiences.first ?? ""
        guard audiences.containsBytes(clientID) else {
            throw OAuthError.invalidRequest("client_id is not an audience of the hint").because(.unknownClient)
        }
        guard let uri = query["post_logout_redirect_uri"] else { return "/login" }
        do {
            _ = try RegisteredRedirect.check(clientID: clientID, redirectURI: uri, lookUp: lookUpClient)
        } catch let refusal as OAuthError {
            throw refusal.pageReason == nil ? refusal.because(.unknownRedirectURI) : refusal
        } catch {
            throw OAuthError.invalidRequest("the client could not be read").because(.unknownRedirectURI)
        }
        let state = query["state"].map { (uri.contains("?") ? "&" : "?") + "state=" + FormEncoding.encodeComponent($0) }
        return uri + (state ?? "")
    }

    /// The hint was issued for this very session: its subject is the session's account and its
    /// `auth_time` (OIDC Core §2) the session's sign-in time, to the second.
    public static func hint(_ claims: JWTClaims, isOf session: Session, _ account: Account) -> Bool {
        guard let subject = (try? claims.string("sub")) ?? nil, account.id.sameBytes(subject),
              let authTime = (try? claims.numericDate("auth_time")) ?? nil
        else { return false }
        return authTime == Int64(session.authTime.timeIntervalSince1970.rounded(.down))
    }
}
