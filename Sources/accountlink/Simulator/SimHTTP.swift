import AppFlipKit
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One HTTP answer as the simulator sees it: redirects are never followed, so every step is visible.
struct SimResponse: Sendable {
    let status: Int
    /// Header names in lower case.
    let headers: [String: String]
    let body: Data

    var text: String { String(decoding: body, as: UTF8.self) }
    var location: String? { headers["location"] }

    /// The body as a JSON object, or nil.
    var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] }
    func string(_ name: String) -> String? { json?[name] as? String }
}

/// What went wrong, said plainly; the command prints it and exits 1.
struct SimulationFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A tiny URLSession client (FoundationNetworking on Linux): form posts, no redirects, no cookie
/// storage of its own (the scripted browser keeps its cookies itself).
final class SimHTTP: Sendable {
    private let session: URLSession

    init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.timeoutIntervalForRequest = 15
        configuration.timeoutIntervalForResource = 30
        session = URLSession(configuration: configuration, delegate: NoRedirects(), delegateQueue: nil)
    }

    deinit { session.finishTasksAndInvalidate() }

    func get(_ url: URL, headers: [String: String] = [:]) async throws -> SimResponse {
        try await send(URLRequest(url: url), headers: headers)
    }

    /// `application/x-www-form-urlencoded`, every value escaped outside RFC 3986 unreserved.
    func post(_ url: URL, form: [(name: String, value: String)], headers: [String: String] = [:]) async throws
        -> SimResponse
    {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = Data(AppFlipQuery.encode(form).utf8)
        var all = headers
        all["Content-Type"] = "application/x-www-form-urlencoded"
        return try await send(request, headers: all)
    }

    private func send(_ request: URLRequest, headers: [String: String]) async throws -> SimResponse {
        var request = request
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let data: Data, response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw SimulationFailure("cannot reach \(request.url?.absoluteString ?? "the server"): \(error.localizedDescription)")
        }
        guard let http = response as? HTTPURLResponse else { throw SimulationFailure("not an HTTP response") }
        var lowered: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { lowered[name.lowercased()] = value }
        }
        return SimResponse(status: http.statusCode, headers: lowered, body: data)
    }

    /// RFC 6749 §2.3.1: id and secret form-url-encoded, joined by `:`, then base64.
    static func basic(id: String, secret: String) -> String {
        "Basic " + Data((AppFlipQuery.encode(id) + ":" + AppFlipQuery.encode(secret)).utf8).base64EncodedString()
    }
}

/// Answers every redirect with "do not follow" so the 302 itself comes back.
private final class NoRedirects: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
