import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One HTTP GET of a key set: the body and the `Cache-Control` header.
public struct FetchedKeySet: Sendable {
    public let body: [UInt8]
    public let cacheControl: String?

    public init(body: [UInt8], cacheControl: String?) {
        self.body = body
        self.cacheControl = cacheControl
    }
}

/// Where a `RemoteKeySet` gets its bytes; tests may substitute their own.
public protocol KeySetFetcher: Sendable {
    func fetch(_ url: URL) async throws -> FetchedKeySet
}

/// URLSession (FoundationNetworking over libcurl on Linux). Called only from async contexts, never
/// by blocking a thread on a Task (docs/architecture.md platform note 8).
public struct URLSessionKeySetFetcher: KeySetFetcher {
    public static let maximumBodySize = 1 << 20
    private let timeout: TimeInterval

    public init(timeout: TimeInterval = 10) { self.timeout = timeout }

    public func fetch(_ url: URL) async throws -> FetchedKeySet {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let (data, response) = try await URLSession.shared.data(for: request)
        guard let http = response as? HTTPURLResponse else {
            throw JOSEError(.keySetUnavailable, "the key set response from \(url.host ?? "?") is not HTTP")
        }
        guard http.statusCode == 200 else {
            throw JOSEError(.keySetUnavailable, "the key set at \(url.absoluteString) answered HTTP \(http.statusCode)")
        }
        guard data.count <= Self.maximumBodySize else {
            throw JOSEError(.keySetUnavailable, "the key set at \(url.absoluteString) is larger than 1 MiB")
        }
        return FetchedKeySet(body: Array(data), cacheControl: http.value(forHTTPHeaderField: "Cache-Control"))
    }
}
