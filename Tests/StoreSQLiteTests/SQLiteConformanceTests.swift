import Foundation
import OAuthCore
import StoreConformance
import Testing

@testable import StoreSQLite

/// The shared storage suite against a real database file in a fresh temporary folder per case.
@Suite struct SQLiteConformanceTests {
    @Test(arguments: StoreConformance.cases.map(\.name))
    func conformance(_ name: String) throws {
        try TemporaryFolder.with { folder in
            let storage = try SQLiteStorage(path: folder.path("store.sqlite"))
            try storage.migrate()
            try StoreConformance.run(name, on: storage)
        }
    }
}

/// A folder under the system temporary directory, removed when `with` returns.
struct TemporaryFolder {
    let url: URL

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    static func with<T>(_ body: (TemporaryFolder) throws -> T) throws -> T {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "accountlink-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        return try body(TemporaryFolder(url: url))
    }
}
