import Foundation
import Support
import Synchronization
import Testing
@testable import JOSE

/// Google's RISC discovery document is cached like a key set: per `Cache-Control`, the last good
/// document kept when a refresh fails, refetches throttled, and only https (or loopback) `jwks_uri`s.
@Suite struct RiscConfigurationSourceTests {
    /// Serves what the test puts in, counting fetches; `nil` answers as an unreachable host.
    final class Documents: KeySetFetcher, Sendable {
        let next = Mutex<FetchedKeySet?>(nil)
        let fetches = Mutex(0)

        func serve(_ json: String?, maxAge: Int = 600) {
            next.withLock { $0 = json.map { FetchedKeySet(body: Array($0.utf8), cacheControl: "max-age=\(maxAge)") } }
        }

        func fetch(_ url: URL) async throws -> FetchedKeySet {
            fetches.withLock { $0 += 1 }
            guard let answer = next.withLock({ $0 }) else { throw JOSEError(.keySetUnavailable, "connection refused") }
            return answer
        }
    }

    static let good = #"{"issuer":"https://accounts.google.com/","jwks_uri":"https://www.googleapis.com/oauth2/v3/certs"}"#
    let clock = ManualClock(Fixtures.clockStart)
    let documents = Documents()
    var source: RiscConfigurationSource {
        RiscConfigurationSource(url: URL(string: "https://accounts.google.com/.well-known/risc-configuration")!,
                                clock: clock, fetcher: documents)
    }

    @Test func cachedForMaxAgeAndKeptWhenARefreshFails() async throws {
        let source = self.source
        documents.serve(Self.good, maxAge: 300)
        let (first, keys) = try await source.resolve()
        #expect(first.issuer == "https://accounts.google.com/")
        #expect(keys.url.absoluteString == "https://www.googleapis.com/oauth2/v3/certs")
        _ = try await source.resolve()
        #expect(documents.fetches.withLock { $0 } == 1)
        clock.advance(by: 301)
        documents.serve(nil)
        #expect(try await source.resolve().0 == first, "the last good document is served")
        #expect(documents.fetches.withLock { $0 } == 2)
        _ = try await source.resolve()
        #expect(documents.fetches.withLock { $0 } == 2, "a failed refresh is not retried at once")
    }

    @Test(arguments: [
        #"{"jwks_uri":"https://www.googleapis.com/oauth2/v3/certs"}"#,
        #"{"issuer":"https://accounts.google.com/","jwks_uri":"http://evil.example/keys"}"#,
        #"{"issuer":"https://accounts.google.com/"}"#, "[]",
    ])
    func unusableDocumentsLeaveNoConfiguration(json: String) async throws {
        documents.serve(json)
        await #expect(throws: JOSEError.self) { try await source.resolve() }
    }
}
