import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One POST of a delivery. Answers the HTTP status, or nil when no answer came (refused, timed out).
public protocol EventPoster: Sendable {
    func post(url: URL, contentType: String, headers: [(String, String)], body: [UInt8], timeout: TimeInterval) -> Int?
}

/// URLSession (FoundationNetworking, libcurl on Linux), as the provider clients use; blocks the calling
/// thread, which is always one of the delivery worker's own, never a request's.
public struct URLSessionEventPoster: EventPoster {
    let session: URLSession

    public init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        session = URLSession(configuration: configuration)
    }

    public func post(url: URL, contentType: String, headers: [(String, String)], body: [UInt8], timeout: TimeInterval)
        -> Int?
    {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = "POST"
        request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        request.setValue("AccountLink-Webhooks", forHTTPHeaderField: "User-Agent")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = Data(body)
        let done = DispatchSemaphore(value: 0)
        let status = StatusBox()
        session.dataTask(with: request) { _, response, _ in
            status.value = (response as? HTTPURLResponse)?.statusCode
            done.signal()
        }.resume()
        // The session's own timeout ends the task; the extra second only guards against a lost callback.
        guard done.wait(timeout: .now() + timeout + 1) == .success else { return nil }
        return status.value
    }
}

/// Written by the completion handler before the semaphore is signalled, read after the wait.
private final class StatusBox: @unchecked Sendable {
    var value: Int?
}
