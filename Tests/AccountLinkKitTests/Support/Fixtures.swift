import AccountLinkKit
import AppFlipKit
import Foundation
import Testing

/// Starts a real server for one test and always stops it.
func withServer(accessTokenLifetime: Int = 3600, _ body: (KitServer) async throws -> Void) async throws {
    // Key generation and migrations block: on a GCD thread, not the cooperative pool.
    let server = try await withCheckedThrowingContinuation { (done: CheckedContinuation<KitServer, any Error>) in
        DispatchQueue.global().async { done.resume(with: Result { try KitServer(accessTokenLifetime: accessTokenLifetime) }) }
    }
    do {
        try await body(server)
    } catch {
        await server.stop()
        throw error
    }
    await server.stop()
}

extension KitServer {
    /// The kit as the app configures it, talking to this server.
    func kit(store: any TokenStore = MemoryTokenStore(), transport: any HTTPTransport = CountingTransport(),
             scope: String? = "openid devices") -> AccountLink {
        AccountLink(configuration: .init(server: base, clientID: Self.appClientID, scope: scope), store: store,
                    transport: transport)
    }

    /// An Apple credential as `ASAuthorizationAppleIDCredential` delivers it for `nonce`.
    func appleCredential(sub: String, email: String, isPrivate: Bool = false, nonce: AppleNonce,
                         givenName: String? = nil) throws -> AppleCredential {
        AppleCredential(user: sub, identityToken: try appleToken(sub: sub, email: email, isPrivate: isPrivate,
                                                                 hashedNonce: nonce.hashed),
                        givenName: givenName, familyName: givenName == nil ? nil : "Doe")
    }
}

extension SignInOutcome {
    var signedIn: SignedIn? {
        if case .signedIn(let value) = self { return value }
        return nil
    }

    var linkRequired: LinkRequired? {
        if case .linkRequired(let value) = self { return value }
        return nil
    }
}

/// Google's universal link as the Google Home app opens it.
func universalLink(clientID: String, state: String = "st", redirect: String = GoogleRedirectURIs.appFlip[0]) throws -> URL {
    let query = AppFlipQuery.encode([("client_id", clientID), ("scope", "devices"), ("state", state),
                                     ("redirect_uri", redirect)])
    return try #require(URL(string: "https://accounts.example.com/app-flip?" + query))
}

/// That link, checked as the app checks it.
func googleLink(state: String = "state-1", clientID: String = KitServer.googleClientID) throws -> AppFlipRequest {
    try AppFlipRequest(url: try universalLink(clientID: clientID, state: state), expectedClientID: clientID)
}

extension KitServer {
    /// A new password account, signed in through a kit that keeps its tokens in `store`.
    func signedIn(_ email: String, store: MemoryTokenStore = MemoryTokenStore(),
                  transport: CountingTransport = CountingTransport()) async throws -> AccountLink {
        try addPasswordAccount(email)
        let kit = self.kit(store: store, transport: transport)
        try await kit.signIn(email: email, password: Self.password)
        return kit
    }
}

extension MemoryTokenStore {
    /// Moves the stored access token's expiry to `date`, as time passing would.
    func expire(at date: Date) throws {
        var tokens = try #require(load())
        tokens.expiresAt = date
        save(tokens)
    }
}

/// Every suite that starts a server runs inside this one, one test at a time: each test's server
/// hashes passwords with Argon2id (64 MiB) on the few threads of the cooperative pool, and many at
/// once would starve the other modules' tests that share the process.
@Suite(.serialized) enum AgainstTheServer {}
