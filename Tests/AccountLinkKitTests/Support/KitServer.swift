import AccountLinkServer
import Foundation
import HTTPServer
import JOSE
import OAuthCore
import Operations
import Settings
import Support

/// The real AccountLink server started in this process on 127.0.0.1 (as `accountlink serve` does:
/// SQLite in a temporary folder, the real HTTP server), with Apple's and Google's key endpoints
/// played by a stand-in on another loopback port that publishes real RS256 keys.
final class KitServer: Sendable {
    static let appClientID = "ios-app"
    static let appleBundleID = "com.example.smarthome"
    static let appleAppID = "ABCDE12345.com.example.smarthome"
    static let googleAudience = "1234-ios.apps.googleusercontent.com"
    static let googleClientID = "google"
    static let fulfillmentID = "fulfillment"
    static let password = "correct horse battery staple"
    /// The in-process servers' own threads (HTTPServer.Configuration.executor): a request never waits for
    /// Swift's pool, which tests elsewhere in the process may hold while they wait on a server.
    static let threads = StoreThreads(limit: 16, name: "kit-http")

    let folder: URL
    let appleKey: SigningKey
    let googleKey: SigningKey
    let standIn: HTTPServer
    let server: HTTPServer
    let app: AccountLinkApp
    let base: URL
    /// Google's client secret (for redeeming App Flip codes as Google does).
    let googleSecret: String
    /// The smart-home fulfillment's secret (a resource server: it may introspect Google's tokens).
    let fulfillmentSecret: String

    init(accessTokenLifetime: Int = 3600) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("accountlinkkit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        (appleKey, googleKey) = (try SigningKey.generate(.rs256), try SigningKey.generate(.rs256))
        standIn = try Self.keyServer(apple: appleKey, google: googleKey)
        let keys = "http://127.0.0.1:\(standIn.boundPort)"
        let environment = [
            "ACCOUNTLINK_LISTEN": "127.0.0.1:0", "ACCOUNTLINK_ISSUER": "http://127.0.0.1",
            "ACCOUNTLINK_DATABASE": "sqlite:" + folder.appendingPathComponent("accountlink.sqlite").path,
            "ACCOUNTLINK_MASTER_KEY": Data((0..<32).map { _ in UInt8.random(in: 0...255) }).base64EncodedString(),
            "ACCOUNTLINK_LOG_LEVEL": "error", "ACCOUNTLINK_APPLE_APP_IDS": Self.appleAppID,
            "ACCOUNTLINK_APPLE_CLIENT_IDS": Self.appleBundleID, "ACCOUNTLINK_APPLE_BASE_URL": keys,
            "ACCOUNTLINK_GOOGLE_CLIENT_IDS": Self.googleAudience, "ACCOUNTLINK_GOOGLE_JWKS_URL": keys + "/google/certs",
            "ACCOUNTLINK_ACCESS_TOKEN_LIFETIME": String(accessTokenLifetime),
        ]
        let configuration = try ConfigurationLoader(environment: environment, flags: [:]).load()
        let runtime = try Runtime.open(configuration, logger: Operations.serverLogger(configuration))
        app = try AccountLinkApp(runtime: runtime)
        var serving = HTTPServer.Configuration(host: "127.0.0.1", port: 0, threadCount: 2)
        serving.executor = Self.threads
        server = HTTPServer(configuration: serving, responder: app.responder(), logger: .silent)
        try server.start()
        base = URL(string: "http://127.0.0.1:\(server.boundPort)")!
        (googleSecret, fulfillmentSecret) = try Self.register(app.runtime)
    }

    /// Stops both listeners (on a GCD thread: shutdown waits for requests in flight) and deletes the folder.
    func stop() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async { [self] in
                server.shutdown()
                standIn.shutdown()
                done.resume()
            }
        }
        try? FileManager.default.removeItem(at: folder)
    }

    /// The app (public, first-party, rotating refresh tokens: a second refresh with the same token
    /// would revoke the grant), Google's App Flip client and the fulfillment (resource server).
    private static func register(_ runtime: Runtime) throws -> (google: String, fulfillment: String) {
        var appClient = ClientRegistration(id: Self.appClientID, name: "Smart Home app")
        (appClient.isPublic, appClient.firstParty, appClient.rotateRefreshTokens) = (true, true, true)
        appClient.scopes = ["openid", "devices"]
        _ = try appClient.register(runtime, actor: "test")
        var google = ClientRegistration(id: Self.googleClientID, name: "Google")
        (google.appFlip, google.scopes) = (true, ["devices"])
        var fulfillment = ClientRegistration(id: Self.fulfillmentID, name: "Fulfillment")
        fulfillment.resourceServer = true
        return (try google.register(runtime, actor: "test").secret ?? "",
                try fulfillment.register(runtime, actor: "test").secret ?? "")
    }

    @discardableResult
    func addPasswordAccount(_ email: String) throws -> String {
        try app.runtime.accounts.createPasswordAccount(email: email, name: "Pat", password: Self.password).id
    }

    private static func keyServer(apple: SigningKey, google: SigningKey) throws -> HTTPServer {
        var router = Router()
        let appleSet = JWKSet(keys: [apple.publicJWK]).serialized
        let googleSet = JWKSet(keys: [google.publicJWK]).serialized
        router.get("/auth/keys") { _ in .json(200, raw: appleSet) }
        router.get("/google/certs") { _ in .json(200, raw: googleSet) }
        var serving = HTTPServer.Configuration(host: "127.0.0.1", port: 0, threadCount: 1)
        serving.executor = Self.threads
        let server = HTTPServer(configuration: serving, responder: router, logger: .silent)
        try server.start()
        return server
    }
}

extension KitServer {
    /// An identity token as Apple issues it for the app (`nonce` = SHA-256 hex of the raw nonce).
    func appleToken(sub: String, email: String, isPrivate: Bool = false, hashedNonce: String?) throws -> String {
        let now = Int64(Date().timeIntervalSince1970)
        var claims: [String: JSONValue] = [
            "iss": "https://appleid.apple.com", "aud": .string(Self.appleBundleID), "sub": .string(sub),
            "iat": .int(now), "exp": .int(now + 600), "email": .string(email), "email_verified": true,
            "is_private_email": .bool(isPrivate), "real_user_status": 2,
        ]
        if let hashedNonce { claims["nonce"] = .string(hashedNonce) }
        return try appleKey.sign(claims: claims)
    }

    /// A Google ID token for the iOS client (`aud` = `azp` = the iOS client ID, as with `GIDClientID` only),
    /// shaped like GoogleSignIn-iOS 9.1's: with `nonce: nil` the app passed none and the token carries
    /// AppAuth's own (`[OIDAuthorizationRequest generateState]`, 43 base64url characters); `refreshed` is
    /// the token after `restorePreviousSignIn` (a refresh), which carries no nonce.
    func googleToken(sub: String, email: String, nonce: String?, refreshed: Bool = false) throws -> String {
        let now = Int64(Date().timeIntervalSince1970)
        var claims: [String: JSONValue] = [
            "iss": "https://accounts.google.com", "aud": .string(Self.googleAudience), "azp": .string(Self.googleAudience),
            "sub": .string(sub), "iat": .int(now), "exp": .int(now + 3600), "email": .string(email), "email_verified": true,
            "name": "Pat Doe", "given_name": "Pat", "family_name": "Doe",
            "picture": .string("https://lh3.googleusercontent.com/a/\(sub)=s96-c"),
        ]
        if !refreshed {
            let appAuths = Base64URL.encode((0..<32).map { _ in UInt8.random(in: 0...255) })
            claims["nonce"] = .string(nonce ?? appAuths)
        }
        return try googleKey.sign(claims: claims)
    }
}
