/// Prints numbered, readable steps: "3. The app signs in …" with indented detail lines.
final class StepReporter: @unchecked Sendable {
    private let write: (String) -> Void
    private let indent: String
    private let numbered: Bool
    private(set) var number = 0

    init(indent: String = "", numbered: Bool = true, write: @escaping (String) -> Void) {
        self.indent = indent
        self.numbered = numbered
        self.write = write
    }

    func step(_ title: String) {
        number += 1
        write(indent + (numbered ? "\(number). " : "") + title)
    }

    func detail(_ text: String) { write("\(indent)   \(text)") }

    func line(_ text: String) { write("\(indent)\(text)") }

    /// Secrets, codes and tokens are shown only by their first characters.
    static func abbreviate(_ secret: String) -> String {
        secret.count <= 10 ? secret : String(secret.prefix(8)) + "… (\(secret.count) chars)"
    }
}
