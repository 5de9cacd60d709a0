import AccountLinkKit
import Foundation
import Synchronization

/// The default URLSession transport, counting the requests per path (e.g. refreshes at /token).
final class CountingTransport: HTTPTransport {
    let inner = URLSessionTransport(timeout: 120)
    let sent = Mutex<[String]>([])

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let grant = request.body.map { String(decoding: $0, as: UTF8.self) }?
            .split(separator: "&").first { $0.hasPrefix("grant_type=") }
        sent.withLock { $0.append(request.url.path + (grant.map { " " + $0 } ?? "")) }
        return try await inner.send(request)
    }

    func count(_ entry: String) -> Int { sent.withLock { $0.filter { $0 == entry }.count } }
}
