import Foundation
import Support
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One form-urlencoded POST to a provider's REST endpoint (Apple's `/auth/*`, Google's token and
/// revoke endpoints), with a timeout and a bound on the answer. Transport failures throw
/// `Failure.transport`, which each client maps to its own "temporary" error.
struct FormPost: Sendable {
    static let maximumBodySize = 256 * 1024

    struct Answer: Sendable {
        let status: Int
        let body: Data
    }

    enum Failure: Error {
        case transport(String)
        case tooLarge
    }

    let session: URLSession
    let timeout: TimeInterval

    func send(_ url: URL, _ form: FormParameters, bearer: String? = nil) async throws(Failure) -> Answer {
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
            throw .transport(error.localizedDescription)
        }
        guard let http = response as? HTTPURLResponse else { throw .transport("not HTTP") }
        guard data.count <= Self.maximumBodySize else { throw .tooLarge }
        return Answer(status: http.statusCode, body: data)
    }

    /// `{"error": CODE, "error_description"?: TEXT}` (RFC 6749 §5.2), parsed tolerantly.
    static func errorFields(_ data: Data) -> (code: String?, description: String?) {
        let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        return (object?["error"] as? String, (object?["error_description"] as? String).map { String($0.prefix(200)) })
    }
}
