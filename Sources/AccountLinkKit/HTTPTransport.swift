import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One HTTP request as the kit makes it: AccountLink's API takes form bodies and answers JSON.
public struct TransportRequest: Sendable, Equatable {
    public var method: String
    public var url: URL
    public var headers: [String: String]
    public var body: Data?

    public init(method: String, url: URL, headers: [String: String] = [:], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

public struct TransportResponse: Sendable, Equatable {
    public var status: Int
    public var body: Data

    public init(status: Int, body: Data) {
        self.status = status
        self.body = body
    }
}

/// How the kit reaches AccountLink. URLSession by default; inject another to add certificate
/// pinning, logging or a test double that counts requests. Throwing means no answer arrived.
public protocol HTTPTransport: Sendable {
    func send(_ request: TransportRequest) async throws -> TransportResponse
}

/// URLSession (FoundationNetworking on Linux). Redirects are not followed: every AccountLink API
/// answer is final, and a redirect would carry the Bearer token somewhere else.
public final class URLSessionTransport: HTTPTransport {
    private let session: URLSession

    public init(configuration: URLSessionConfiguration = .ephemeral, timeout: TimeInterval = 30) {
        configuration.timeoutIntervalForRequest = timeout
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        session = URLSession(configuration: configuration, delegate: NoRedirects(), delegateQueue: nil)
    }

    deinit { session.finishTasksAndInvalidate() }

    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        var http = URLRequest(url: request.url)
        http.httpMethod = request.method
        http.httpBody = request.body
        for (name, value) in request.headers { http.setValue(value, forHTTPHeaderField: name) }
        return try await withCheckedThrowingContinuation { done in
            session.dataTask(with: http) { data, response, error in
                if let status = (response as? HTTPURLResponse)?.statusCode, error == nil {
                    done.resume(returning: TransportResponse(status: status, body: data ?? Data()))
                } else {
                    done.resume(throwing: error ?? URLError(.badServerResponse))
                }
            }.resume()
        }
    }
}

private final class NoRedirects: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        completionHandler(nil)
    }
}
