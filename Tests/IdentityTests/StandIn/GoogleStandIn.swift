import Foundation
import JOSE
import Support
import Synchronization

/// Google on loopback for offline access and Cross-Account Protection: `/token` (the web client's
/// credentials checked, a `serverAuthCode` redeemed once, an `id_token` signed with Google's ID-token key),
/// `/revoke` (records the token; unknown tokens answer 400 `invalid_token` as Google does),
/// `/.well-known/risc-configuration` and the RISC key set its `jwks_uri` names. It can be stopped and
/// started again on the same port, to play "Google is down".
final class GoogleStandIn: Sendable {
    static let webClientID = "web-client.apps.example"
    static let webClientSecret = "web-client-secret"
    static let riscIssuer = "https://accounts.google.com/"

    struct State: Sendable {
        var codes: [String: (sub: String, refreshToken: String?)] = [:]
        var issued: Set<String> = []
        var revoked: [String] = []
        var riscKeys: [SigningKey] = []
    }

    let idTokenKey: SigningKey
    let clock: ManualClock
    let state = Mutex(State())
    private let server: Mutex<LoopbackHTTPServer?> = Mutex(nil)
    let port: UInt16

    init(idTokenKey: SigningKey, clock: ManualClock) throws {
        self.idTokenKey = idTokenKey
        self.clock = clock
        let box = Mutex(WeakStandIn())
        let started = try LoopbackHTTPServer { request in box.withLock { $0.value }?.handle(request) ?? .json(503, "{}") }
        port = started.port
        server.withLock { $0 = started }
        box.withLock { $0.value = self }
    }

    private struct WeakStandIn: @unchecked Sendable { weak var value: GoogleStandIn? }

    deinit { stop() }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    func start() throws {
        let started = try LoopbackHTTPServer(port: port) { [weak self] in self?.handle($0) ?? .json(503, "{}") }
        server.withLock { $0 = started }
    }

    func stop() {
        server.withLock {
            $0?.stop()
            $0 = nil
        }
    }

    func addCode(_ code: String, sub: String, refreshToken: String?) {
        state.withLock { $0.codes[code] = (sub, refreshToken) }
    }

    var revoked: [String] { state.withLock { $0.revoked } }

    private func handle(_ request: LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Response {
        let form = FormParameters.parse(request.text)
        switch (request.method, request.path) {
        case ("GET", "/.well-known/risc-configuration"):
            return .json(200, JSONValue.object(["issuer": .string(Self.riscIssuer),
                                                "jwks_uri": .string(baseURL.absoluteString + "/risc/keys")]).serialized)
        case ("GET", "/risc/keys"):
            return .json(200, JWKSet(keys: state.withLock { $0.riscKeys }.map(\.publicJWK)).serialized)
        case ("POST", "/token"): return token(form)
        case ("POST", "/revoke"):
            let known = state.withLock { s -> Bool in
                guard let token = form["token"], s.issued.contains(token) else { return false }
                s.revoked.append(token)
                return true
            }
            return known ? .json(200, "{}") : .json(400, #"{"error":"invalid_token"}"#)
        default: return .json(404, "{}")
        }
    }

    private func token(_ form: FormParameters) -> LoopbackHTTPServer.Response {
        guard form["client_id"] == Self.webClientID, form["client_secret"] == Self.webClientSecret else {
            return .json(401, #"{"error":"invalid_client"}"#)
        }
        guard form["grant_type"] == "authorization_code", form["redirect_uri"] == "",
            let code = form["code"], let grant = state.withLock({ $0.codes.removeValue(forKey: code) })
        else { return .json(400, #"{"error":"invalid_grant"}"#) }
        let now = clock.unixTime
        guard let idToken = try? idTokenKey.sign(claims: [
            "iss": "https://accounts.google.com", "aud": .string(Self.webClientID), "sub": .string(grant.sub),
            "iat": .int(now), "exp": .int(now + 3600),
        ]) else { return .json(500, "{}") }
        var body: [String: JSONValue] = ["access_token": "ya29.x", "expires_in": 3599, "id_token": .string(idToken)]
        if let refresh = grant.refreshToken {
            body["refresh_token"] = .string(refresh)
            state.withLock { _ = $0.issued.insert(refresh) }
        }
        return .json(200, JSONValue.object(body).serialized)
    }
}
