import AppFlipKit
import Foundation
import Synchronization
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
    private let configuration: URLSessionConfiguration

    init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.timeoutIntervalForRequest = 15
        configuration.timeoutIntervalForResource = 30
        self.configuration = configuration
    }

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

    /// One session per request, so that its delegate sees only this request's challenge.
    private func send(_ request: URLRequest, headers: [String: String]) async throws -> SimResponse {
        var request = request
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let delegate = StepDelegate()
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        do {
            let (data, response) = try await session.data(for: request)
            guard let http = response as? HTTPURLResponse else { throw SimulationFailure("not an HTTP response") }
            return SimResponse(status: http.statusCode, headers: Self.lowered(http), body: data)
        } catch let failure as SimulationFailure {
            throw failure
        } catch {
            if let refused = delegate.challenged.withLock({ $0 }) { return refused }
            throw SimulationFailure("cannot reach \(request.url?.absoluteString ?? "the server"): \(error.localizedDescription)")
        }
    }

    static func lowered(_ response: HTTPURLResponse) -> [String: String] {
        var lowered: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String { lowered[name.lowercased()] = value }
        }
        return lowered
    }

    /// RFC 6749 §2.3.1: id and secret form-url-encoded, joined by `:`, then base64.
    static func basic(id: String, secret: String) -> String {
        "Basic " + Data((AppFlipQuery.encode(id) + ":" + AppFlipQuery.encode(secret)).utf8).base64EncodedString()
    }
}

/// Never follows a redirect, so the 302 itself comes back. A 401 with `WWW-Authenticate: Basic`
/// becomes a challenge that FoundationNetworking on Linux cannot complete (it hangs on default
/// handling, traps on a nil credential): the challenge is cancelled and its failure response kept,
/// so the caller still sees the 401 (without its body).
private final class StepDelegate: NSObject, URLSessionTaskDelegate, Sendable {
    let challenged = Mutex<SimResponse?>(nil)

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        if let response = challenge.failureResponse as? HTTPURLResponse {
            let refused = SimResponse(status: response.statusCode, headers: SimHTTP.lowered(response), body: Data())
            challenged.withLock { $0 = refused }
        }
        completionHandler(.cancelAuthenticationChallenge, nil)
    }
}
