import Foundation
import Support
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The one caller of a provider's REST endpoints (Apple's `/auth/*`, Google's token and revoke
/// endpoints): one form-urlencoded POST with a timeout and a bound on the answer, and the one status
/// rule: 2xx is the answer; 429, 5xx and transport failures are `temporary`; any other status is the
/// provider's refusal, its `{"error", "error_description"}` body parsed tolerantly (RFC 6749 §5.2,
/// https://developer.apple.com/documentation/signinwithapplerestapi/errorresponse).
struct ProviderEndpoint: Sendable {
    static let maximumBodySize = 256 * 1024

    /// For messages: `apple`, `google`.
    let provider: String
    let session: URLSession
    let timeout: TimeInterval

    func post(_ url: URL, _ form: FormParameters, bearer: String? = nil) async throws(ProviderCallError) -> Data {
        let (status, body) = try await send(url, form, bearer: bearer)
        switch status {
        case 200..<300: return body
        case 429, 500...: throw .temporary("\(provider) \(url.path) answered HTTP \(status)")
        default: throw Self.rejection(body)
        }
    }

    private func send(_ url: URL, _ form: FormParameters, bearer: String?) async throws(ProviderCallError) -> (Int, Data) {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let bearer { request.setValue("Bearer " + bearer, forHTTPHeaderField: "Authorization") }
        request.httpBody = Data(form.encoded.utf8)
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw .temporary("\(provider) \(url.path): \(error.localizedDescription)")
        }
        guard let http = response as? HTTPURLResponse else { throw .temporary("\(provider) \(url.path): not HTTP") }
        guard data.count <= Self.maximumBodySize else { throw .invalidResponse("\(provider) \(url.path): body too large") }
        return (http.statusCode, data)
    }

    /// A 2xx answer as the JSON shape the endpoint promises; otherwise `invalidResponse(what)`.
    static func decode<Answer: Decodable>(_ type: Answer.Type, _ body: Data, _ what: String) throws(ProviderCallError)
        -> Answer
    {
        do { return try JSONDecoder().decode(type, from: body) } catch { throw .invalidResponse(what) }
    }

    /// A 2xx answer as a JSON object; otherwise `invalidResponse`.
    static func object(_ body: Data) throws(ProviderCallError) -> [String: Any] {
        guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else {
            throw .invalidResponse("the answer is not a JSON object")
        }
        return object
    }

    /// `{"error": CODE, "error_description"?: TEXT}` (RFC 6749 §5.2), parsed tolerantly.
    static func rejection(_ data: Data) -> ProviderCallError {
        let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        return .rejected((object?["error"] as? String).map(ProviderErrorCode.init(rawValue:)) ?? .unknown,
                         description: (object?["error_description"] as? String).map { String($0.prefix(200)) })
    }
}
