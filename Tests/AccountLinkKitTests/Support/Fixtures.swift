import AccountLinkKit
import Foundation

/// Starts a real server for one test and always stops it.
func withServer(accessTokenLifetime: Int = 3600, _ body: (KitServer) async throws -> Void) async throws {
    let server = try KitServer(accessTokenLifetime: accessTokenLifetime)
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

/// A raw form POST to the server (what Google or a second client would send), JSON back.
func postForm(_ url: URL, _ form: [(String, String)], bearer: String? = nil) async throws -> (Int, [String: Any]) {
    var request = TransportRequest(method: "POST", url: url, headers: ["Content-Type": "application/x-www-form-urlencoded"])
    request.body = Data(form.map { "\(escape($0.0))=\(escape($0.1))" }.joined(separator: "&").utf8)
    if let bearer { request.headers["Authorization"] = "Bearer " + bearer }
    let response = try await URLSessionTransport(timeout: 120).send(request)
    let json = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] ?? [:]
    return (response.status, json)
}

private func escape(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
}
