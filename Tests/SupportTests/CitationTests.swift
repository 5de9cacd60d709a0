import Foundation
import Testing

/// Comments and docs cite only what a reader of this repository has: its own files, RFC sections and
/// public Apple and Google URLs (docs/architecture.md rule 14). These tests fail when a source, test,
/// script or doc file cites a document that lives outside the repository.
@Suite struct CitationTests {
    /// Files that may still carry outside citations while a colleague moves them. Empty: the test
    /// covers every file.
    static let notYetFixed: [String] = []

    @Test func noFileCitesADocumentOutsideTheRepository() throws {
        let root = Self.repositoryRoot
        var found: [String] = []
        for path in try Self.scannedFiles(under: root) {
            guard !Self.notYetFixed.contains(where: { path == $0 || ($0.hasSuffix("/") && path.hasPrefix($0)) }),
                path != Self.ownPath,
                let text = try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            else { continue }
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if let pattern = OutsideCitation.firstMatch(in: line) {
                    found.append("\(path):\(number + 1): `\(pattern)` in: \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        let report = found.joined(separator: "\n")
        #expect(found.isEmpty, "cite a repository file, an RFC section or a public Apple/Google URL instead:\n\(report)")
    }

    @Test func theScanSeesTheRepository() throws {
        let files = try Self.scannedFiles(under: Self.repositoryRoot)
        #expect(files.contains("README.md"))
        #expect(files.contains("Package.swift"))
        #expect(files.contains("docs/architecture.md"))
        #expect(files.contains(Self.ownPath))
        #expect(files.count > 100)
    }

    @Test(arguments: [
        "/// (specs/sign-in-with-apple.md §5.3)",
        "// Module boundaries follow ../shared/DESIGN.md: each C library",
        "/// The one error type (STYLE.md §5).",
        "/// JSON with sorted keys (PLATFORM.md item 9)",
        "/// (CONTRACT.md native sign-in)",
        "(`seeds/app-flip-ios.de.txt`)",
        "/// Bodies are form-urlencoded (specs §10).",
        "/// (google-account-linking.md §7)",
        "see /work/shared/specs/google-account-linking.md",
        "/// Forgotten passwords (issue #10, docs/accounts-and-email.md)",
        "/// Issue 16 item 4: the group commit writes its batches on a thread of its own",
        "# The saved fuzz corpora (Fuzz/corpus, issue 14) replayed once",
        "/// Outbox gauges (#13 on top of the #10 outbox)",
        "#12: every page in every language",
        "/// leaves what reuse detection still needs (issues 14 and 16).",
    ])
    func outsideCitationsAreFound(_ line: String) {
        #expect(OutsideCitation.firstMatch(in: Substring(line)) != nil)
    }

    @Test(arguments: [
        "/// RFC 6749 §4.1.2.1: the server MUST NOT redirect then.",
        "/// (https://developer.apple.com/documentation/signinwithapple/verifying-a-user)",
        "/// (https://openid.net/specs/openid-connect-core-1_0.html §3.1.3.7)",
        "/// (docs/architecture.md rule 7; docs/sign-in.md, Native)",
        "try seedPersonalData(s, account: \"erased\", prefix: \"e\")",
        "/// A broken contract, with the line of the suite that noticed it.",
        "/// PKCS#8 (RFC 5208) or PKCS#1 (RFC 8017 A.1.2) DER.",
        "case \"'\": out += \"&#39;\"",
        "/// one address (UAX #15), then lowercased.",
        ".apple-black{background:#000;color:#fff;border-color:#000}",
        "/// the issue time, then the hash; docs/performance.md, The token path",
    ])
    func repositoryAndPublicCitationsPass(_ line: String) {
        #expect(OutsideCitation.firstMatch(in: Substring(line)) == nil)
    }

    static let ownPath = "Tests/SupportTests/CitationTests.swift"

    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// Text files under the directories and top-level files a reader sees; generated and binary
    /// material (build output, fuzz corpora, images, Python caches) is skipped.
    static func scannedFiles(under root: URL) throws -> [String] {
        let roots = ["Sources", "Tests", "docs", "scripts", "Fuzz", ".ci"]
        let topLevel = ["README.md", "Package.swift", "Makefile"]
        let extensions: Set<String> = ["swift", "h", "c", "md", "py", "sh", "txt", "json", "toml", "cfg", "ini"]
        var files = topLevel.filter { FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path) }
        for directory in roots {
            let base = root.appendingPathComponent(directory)
            guard let walker = FileManager.default.enumerator(atPath: base.path) else { continue }
            while let relative = walker.nextObject() as? String {
                let parts = relative.split(separator: "/")
                if parts.contains(where: { $0.hasPrefix(".") || $0 == "__pycache__" || $0 == "corpus" }) {
                    walker.skipDescendants()
                    continue
                }
                let name = String(parts.last ?? "")
                let ext = (name as NSString).pathExtension
                if extensions.contains(ext) || (directory == ".ci" && ext.isEmpty) {
                    var isDirectory: ObjCBool = false
                    let full = base.appendingPathComponent(relative).path
                    if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue {
                        files.append(directory + "/" + relative)
                    }
                }
            }
        }
        return files.sorted()
    }
}

/// The names of documents that exist only outside this repository (the team's working notes), and
/// citations of an issue tracker that is not in it ("issue 16", "Issue #14 item 2", "(#10)"): a comment
/// cites what the number stood for, a repository file, an RFC section or a public URL.
enum OutsideCitation {
    /// Matched anywhere in a line.
    static let anywhere = [
        "../shared", "/work/", "shared/specs", "CONTRACT.md", "DESIGN.md", "STYLE.md", "PLATFORM.md",
        "google-account-linking.md", "sign-in-with-apple.md", "style-study.md",
    ]
    /// Matched only where a path or word starts (so `openid.net/specs/…` is not one).
    static let atWordStart = ["specs/", "specs §", "seeds/"]

    /// An issue number: "issue 16", "Issues #14", or "#10" after a space or parenthesis (not PKCS#8,
    /// `&#39;`, a colour like `#000;`, nor Unicode's "UAX #15"). Read on bytes: the scan covers every
    /// line of the repository, and a regular expression per line made it take minutes.
    static func firstMatch(in line: Substring) -> String? {
        if let hit = anywhere.first(where: { line.contains($0) }) { return hit }
        if let hit = trackerCitation(in: line) { return hit }
        for pattern in atWordStart {
            var rest = line[...]
            while let range = rest.range(of: pattern) {
                let before = range.lowerBound == line.startIndex ? nil : line[line.index(before: range.lowerBound)]
                if before.map({ !($0.isLetter || $0.isNumber || $0 == "/" || $0 == "." || $0 == "-" || $0 == "_") }) ?? true {
                    return pattern
                }
                rest = line[range.upperBound...]
            }
        }
        return nil
    }

    static func trackerCitation(in line: Substring) -> String? {
        let bytes = Array(line.utf8)
        for start in bytes.indices {
            if let end = issueWord(bytes, at: start) ?? hashNumber(bytes, at: start) {
                return String(decoding: bytes[start..<end], as: UTF8.self)
            }
        }
        return nil
    }

    /// "issue" or "issues" starting a word, blanks, an optional `#`, a digit: the end of the match.
    private static func issueWord(_ bytes: [UInt8], at start: Int) -> Int? {
        let word = Array("issue".utf8)
        guard start + word.count < bytes.count, start == 0 || !isWordByte(bytes[start - 1]),
              zip(bytes[start...], word).allSatisfy({ $0 | 0x20 == $1 }) else { return nil }
        var index = start + word.count
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "s") { index += 1 }
        let blanks = index
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
        guard index > blanks else { return nil }
        if index < bytes.count, bytes[index] == UInt8(ascii: "#") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { return nil }
        return index + 1
    }

    /// `#` and one to three digits, after the line's start, a blank or `(`, not followed by a word byte or `;`.
    private static func hashNumber(_ bytes: [UInt8], at start: Int) -> Int? {
        guard bytes[start] == UInt8(ascii: "#"),
              start == 0 || [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "(")].contains(bytes[start - 1]),
              !(start >= 4 && Array(bytes[(start - 4)..<start]) == Array("UAX ".utf8)) else { return nil }
        var end = start + 1
        while end < bytes.count, isDigit(bytes[end]) { end += 1 }
        guard (2...4).contains(end - start), end == bytes.count || !(isWordByte(bytes[end]) || bytes[end] == UInt8(ascii: ";"))
        else { return nil }
        return end
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || byte == UInt8(ascii: "_")
            || byte >= 0x80
    }
}
