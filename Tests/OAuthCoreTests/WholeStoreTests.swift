import Foundation
import Testing

/// The whole store (`Storage`, Identity's `AccountLinkStorage`) is named only where a store is composed;
/// every flow names the narrow composition it uses (docs/architecture.md rule 6). These tests read
/// Sources/ and fail when `any Storage` or `some Storage` (or the same of `AccountLinkStorage`) appears in
/// code outside the composition points below.
@Suite struct WholeStoreTests {
    /// Where the whole store is composed, and why it may be named there.
    static let compositionPoints: [String: String] = [
        "Sources/OAuthCore/Configuration/OAuthEnvironment.swift": "the endpoints' one injected store",
        "Sources/OAuthCore/Registry/RegistryContext.swift": "the runtime hands its store to the registrations",
        "Sources/Events/WebhookRegistration.swift": "the runtime hands its store to the webhook registrations",
        "Sources/Operations/Runtime.swift": "the opened store",
        "Sources/Operations/IdentityServices.swift": "Identity's services composed from the opened store",
    ]
    /// The suite of the whole store, which every store implementation runs.
    static let compositionFolders = ["Sources/StoreConformance/"]

    @Test func wholeStoreIsNamedOnlyWhereAStoreIsComposed() throws {
        var found: [String] = []
        for path in try Self.swiftSources() where !Self.isCompositionPoint(path) {
            for (number, line) in try Self.codeLines(path) where Self.namesWholeStore(line) {
                found.append("\(path):\(number): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(found.isEmpty, "name the narrow stores the code uses (a composition, e.g. `any AccountStore & GrantStore`):\n\(found.joined(separator: "\n"))")
    }

    /// An entry of the list that no longer names the whole store is dropped from it, so the list stays the
    /// composition points there are.
    @Test(arguments: compositionPoints.keys.sorted())
    func eachCompositionPointStillComposes(_ path: String) throws {
        #expect(try Self.codeLines(path).contains { Self.namesWholeStore($0.text) }, "\(path) no longer names the whole store")
    }

    @Test func theScanSeesTheSources() throws {
        let sources = try Self.swiftSources()
        #expect(sources.contains("Sources/OAuthCore/Storage/Storage.swift"))
        #expect(sources.contains("Sources/StoreConformance/Fixtures.swift"))
        #expect(sources.count > 300)
    }

    @Test(arguments: [
        "    let storage: any Storage",
        "func f(_ s: some AccountLinkStorage) {}",
        "init(_ tx: any Storage, now: Date) {",
        "let s: (any Storage)? = nil",
        "    var store: any Storage & Sendable { get }",
    ])
    func wholeStoreIsFound(_ line: String) {
        #expect(Self.namesWholeStore(line))
    }

    @Test(arguments: [
        "    let storage: any HealthProbe",
        "    let storage: any StorageGauge",
        "    let storage: any AccountStore & GrantStore & TokenBulkStore",
        "extension TokenPathStore where Self: TokenGrantSteps {",
        "let many: any Storages",
    ])
    func narrowStoresPass(_ line: String) {
        #expect(!Self.namesWholeStore(line))
    }

    static func isCompositionPoint(_ path: String) -> Bool {
        compositionPoints[path] != nil || compositionFolders.contains { path.hasPrefix($0) }
    }

    /// `any` or `some` before `Storage` or `AccountLinkStorage` as a whole word.
    static func namesWholeStore(_ line: String) -> Bool {
        line.contains(wholeStore)
    }

    nonisolated(unsafe) static let wholeStore = try! Regex(#"\b(any|some)\s+(Storage|AccountLinkStorage)\b"#)

    /// The lines of a file with their numbers, comment lines left out (a comment may name the hub).
    static func codeLines(_ path: String) throws -> [(number: Int, text: String)] {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
        var lines: [(number: Int, text: String)] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
            lines.append((index + 1, String(line)))
        }
        return lines
    }

    /// Every `.swift` file under Sources/, as a path from the repository's root.
    static func swiftSources() throws -> [String] {
        let base = repositoryRoot.appendingPathComponent("Sources")
        let walker = try #require(FileManager.default.enumerator(atPath: base.path))
        var files: [String] = []
        while let relative = walker.nextObject() as? String {
            if relative.hasSuffix(".swift") { files.append("Sources/" + relative) }
        }
        return files.sorted()
    }

    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }
}
