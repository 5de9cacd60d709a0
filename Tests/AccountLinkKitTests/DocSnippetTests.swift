import AccountLinkKit
import AppFlipKit
import Foundation
import Testing

/// The iOS guides' Swift is compiled (DocSnippets/) and works when followed literally.
@Suite struct DocsQuoteCompiledSwiftTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// The one marker of a block that needs UIKit, AuthenticationServices or GoogleSignIn.
    static let appleOnly = "// iOS app only"

    static func swiftBlocks(_ markdown: String) -> [String] {
        var blocks: [String] = [], current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line.trimmingCharacters(in: .whitespaces) == "```swift" {
                current = []
            } else if current != nil, line.trimmingCharacters(in: .whitespaces) == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// Lines without indentation and blank lines, so that a quote may come from a nested scope.
    static func normalized(_ text: String) -> [String] {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// True when `lines` occur in `compiled` as one run.
    static func contains(_ compiled: [String], _ lines: [String]) -> Bool {
        guard !lines.isEmpty, compiled.count >= lines.count else { return false }
        return (0...(compiled.count - lines.count)).contains { Array(compiled[$0..<($0 + lines.count)]) == lines }
    }

    static var compiled: [String] {
        let folder = root.appendingPathComponent("Tests/AccountLinkKitTests/DocSnippets")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.sorted().flatMap { normalized((try? String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)) ?? "") }
    }

    static let checkedPages = [
        "docs/ios-apple-sign-in.md", "docs/ios-google-sign-in.md", "docs/app-flip-ios.md",
        "docs/smart-home-fulfillment.md", "docs/ios-passkeys.md", "README.md",
    ]

    @Test(arguments: checkedPages)
    func everySwiftBlockIsCompiledOrMarkedAppleOnly(page: String) throws {
        let markdown = try String(contentsOf: Self.root.appendingPathComponent(page), encoding: .utf8)
        let blocks = Self.swiftBlocks(markdown)
        let compiled = Self.compiled
        let checked = blocks.filter { !$0.hasPrefix(Self.appleOnly) }
        #expect(!checked.isEmpty, "\(page) quotes no compiled Swift")
        for block in checked {
            #expect(Self.contains(compiled, Self.normalized(block)),
                    "\(page): this block is not in Tests/AccountLinkKitTests/DocSnippets:\n\(block)")
        }
    }

    @Test func everyPageWithSwiftIsChecked() throws {
        let docs = Self.root.appendingPathComponent("docs")
        for name in try FileManager.default.contentsOfDirectory(atPath: docs.path) where name.hasSuffix(".md") {
            let markdown = try String(contentsOf: docs.appendingPathComponent(name), encoding: .utf8)
            #expect(Self.checkedPages.contains("docs/" + name) || Self.swiftBlocks(markdown).isEmpty,
                    "docs/\(name) has Swift no test checks")
        }
    }

    @Test func aBlockNotInTheSnippetsIsRefused() {
        let compiled = Self.compiled
        #expect(Self.contains(compiled, Self.normalized("enum NextScreen: Equatable {\n    case home")))
        #expect(!Self.contains(compiled, Self.normalized("func notThere() {\n    print(1)\n}")))
        #expect(!Self.contains(compiled, []))
    }
}
