// The Swift of docs/smart-home-fulfillment.md, compiled and run by `make test`.
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: introspect
/// RFC 7662 §2.2: what `POST /introspect` says about the token Google sent.
struct Introspection: Decodable {
    let active: Bool
    let sub: String?
    let client_id: String?
    let scope: String?
}

/// `Authorization: Bearer …` of a fulfillment request → the `agentUserId`, or nil: answer 401.
func agentUserID(bearer token: String, accountLink: URL, resourceServer: (id: String, secret: String),
                 googleClientID: String = "google") async throws -> String? {
    let answer = try await post(accountLink.appendingPathComponent("introspect"), ["token": token],
                                client: resourceServer)
    let info = try JSONDecoder().decode(Introspection.self, from: answer)
    guard info.active, info.client_id == googleClientID,
        (info.scope ?? "").split(separator: " ").contains("devices")
    else { return nil }
    return info.sub  // the account's id: stable, opaque, never the email
}

// MARK: disconnect
/// `action.devices.DISCONNECT`: revoke the token Google sent (as Google's client, whose token it is)
/// and answer `{}`.
func disconnect(bearer token: String, accountLink: URL, google: (id: String, secret: String)) async throws {
    _ = try await post(accountLink.appendingPathComponent("revoke"), ["token": token], client: google)
}

// MARK: post
/// A form POST with HTTP Basic client authentication (RFC 6749 §2.3.1).
func post(_ url: URL, _ form: [String: String], client: (id: String, secret: String)) async throws -> Data {
    var request = URLRequest(url: url)
    request.httpMethod = "POST"
    request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
    let credentials = Data("\(formEncode(client.id)):\(formEncode(client.secret))".utf8).base64EncodedString()
    request.setValue("Basic " + credentials, forHTTPHeaderField: "Authorization")
    request.httpBody = Data(form.map { formEncode($0.key) + "=" + formEncode($0.value) }.joined(separator: "&").utf8)
    let (data, response) = try await URLSession.shared.data(for: request)
    guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw URLError(.badServerResponse) }
    return data
}

/// Everything but RFC 3986 §2.3's unreserved ASCII characters is percent-encoded.
func formEncode(_ text: String) -> String {
    let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    return text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
}
