import Foundation
import JOSE
import Support
import Synchronization

/// Apple's `appleid.apple.com` on loopback: `/auth/keys` (rotatable), `/auth/token` and `/auth/revoke`,
/// both of which check the client secret as Apple does (ES256 over raw r‖s with the .p8's public key,
/// `kid`, `iss`, `aud`, `sub` = client_id, `exp` ≤ now + 15777000;
/// https://developer.apple.com/documentation/accountorganizationaldatasharing/creating-a-client-secret). Also
/// Google's certs.
final class AppleStandIn: Sendable {
    struct CodeGrant: Sendable {
        let clientID: String
        let subject: String
        let refreshToken: String
    }

    struct State: Sendable {
        var appleKeys: [SigningKey] = []
        var googleKeys: [SigningKey] = []
        var codes: [String: CodeGrant] = [:]
        var revokeStatus = 200
        var tokenRequests: [FormParameters] = []
        var revocations: [FormParameters] = []
        var refusals: [String] = []
        var keyFetches = 0
    }

    let teamID = "TEAM123456"
    let keyID = "KEY1234567"
    /// The team's Sign in with Apple key as Apple hands it out (`AuthKey_KEYID.p8`).
    let p8PEM: String
    let clientSecretKey: SigningKey
    let clock: ManualClock
    private let url = Mutex(URL(string: "http://127.0.0.1")!)
    var baseURL: URL { url.withLock { $0 } }
    let state = Mutex(State())
    private let server: Mutex<LoopbackHTTPServer?> = Mutex(nil)

    init(clock: ManualClock) throws {
        self.clock = clock
        p8PEM = try SigningKey.generate(.es256).pkcs8PEM
        clientSecretKey = try SigningKey(pem: p8PEM, keyID: keyID)
        let started = try LoopbackHTTPServer { [weak self] request in
            self?.handle(request) ?? .json(503, "{}")
        }
        url.withLock { $0 = started.baseURL }
        server.withLock { $0 = started }
    }

    deinit { stop() }

    /// Idempotent: the listening socket is closed exactly once (a second close could hit a reused fd).
    func stop() {
        server.withLock {
            $0?.stop()
            $0 = nil
        }
    }

    func publishApple(_ keys: [SigningKey]) { state.withLock { $0.appleKeys = keys } }
    func publishGoogle(_ keys: [SigningKey]) { state.withLock { $0.googleKeys = keys } }
    func addCode(_ code: String, _ grant: CodeGrant) { state.withLock { $0.codes[code] = grant } }
    var snapshot: State { state.withLock { $0 } }

    private func handle(_ request: LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Response {
        switch (request.method, request.path) {
        case ("GET", "/auth/keys"):
            return state.withLock { s in
                s.keyFetches += 1
                return .json(200, JWKSet(keys: s.appleKeys.map(\.publicJWK)).serialized)
            }
        case ("GET", "/google/certs"):
            return .json(200, JWKSet(keys: snapshot.googleKeys.map(\.publicJWK)).serialized)
        case ("POST", "/auth/token"): return token(FormParameters.parse(request.text))
        case ("POST", "/auth/revoke"): return revoke(FormParameters.parse(request.text))
        default: return .json(404, "{}")
        }
    }

    private func token(_ form: FormParameters) -> LoopbackHTTPServer.Response {
        state.withLock { $0.tokenRequests.append(form) }
        if let refusal = checkClientSecret(form) { return refuse("invalid_client", refusal) }
        guard form["grant_type"] == "authorization_code", let code = form["code"] else {
            return refuse("invalid_request", "grant_type/code")
        }
        guard let grant = state.withLock({ $0.codes.removeValue(forKey: code) }), grant.clientID == form["client_id"] else {
            return refuse("invalid_grant", "The code has expired or has been revoked.")
        }
        let now = clock.unixTime
        guard let key = snapshot.appleKeys.first,
            let idToken = try? key.sign(claims: [
                "iss": "https://appleid.apple.com", "aud": .string(grant.clientID), "sub": .string(grant.subject),
                "iat": .int(now), "exp": .int(now + 600),
            ])
        else { return .json(500, "{}") }
        let body: JSONValue = [
            "access_token": "a.access", "token_type": "Bearer", "expires_in": 3600,
            "refresh_token": .string(grant.refreshToken), "id_token": .string(idToken),
        ]
        return .json(200, body.serialized)
    }

    private func revoke(_ form: FormParameters) -> LoopbackHTTPServer.Response {
        if let refusal = checkClientSecret(form) { return refuse("invalid_client", refusal) }
        let status = state.withLock { s in
            if s.revokeStatus == 200 { s.revocations.append(form) }
            return s.revokeStatus
        }
        return .json(status, "")
    }

    private func refuse(_ code: String, _ why: String) -> LoopbackHTTPServer.Response {
        state.withLock { $0.refusals.append("\(code): \(why)") }
        return .json(400, JSONValue.object(["error": .string(code), "error_description": .string(why)]).serialized)
    }

    /// Apple's client authentication, as TN3107
    /// (https://developer.apple.com/documentation/technotes/tn3107-resolving-sign-in-with-apple-response-errors)
    /// describes its failure causes.
    func checkClientSecret(_ form: FormParameters) -> String? {
        guard let clientID = form["client_id"], let secret = form["client_secret"] else { return "missing" }
        guard let jws = try? JWS.verify(secret, with: clientSecretKey.verificationKey) else {
            return "signature (raw r‖s ES256 expected)"
        }
        guard jws.header.keyID == keyID else { return "kid" }
        guard let claims = try? jws.claims() else { return "claims" }
        let now = clock.unixTime
        guard (try? claims.string("iss")) == teamID else { return "iss" }
        guard (try? claims.string("sub")) == clientID else { return "sub" }
        guard (try? claims.audiences()) == ["https://appleid.apple.com"] else { return "aud" }
        guard let iat = try? claims.numericDate("iat"), let exp = try? claims.numericDate("exp") else { return "iat/exp" }
        guard iat <= now + 60, exp > now, exp - now <= 15_777_000 else { return "times" }
        return nil
    }
}
