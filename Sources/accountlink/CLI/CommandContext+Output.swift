import Foundation

/// The output shapes every list and remove command shares (one owner each).
extension CommandContext {
    /// A list command's output: the items' views as JSON with `--json`; otherwise `empty` on stderr when
    /// there are none, or one `line` per item on stdout.
    func list<Item, View: Encodable>(
        _ items: [Item], json: Bool, view: (Item) -> View, empty: String, line: (Item) -> String
    ) throws {
        if json {
            out(try JSONOutput.encode(items.map(view)))
        } else if items.isEmpty {
            err(empty)
        } else {
            for item in items { out(line(item)) }
        }
    }

    func list<View: Encodable>(_ views: [View], json: Bool, empty: String, line: (View) -> String) throws {
        try list(views, json: json, view: { $0 }, empty: empty, line: line)
    }

    /// A remove command's ending: `removed KIND ID` on stderr, or a data failure when nothing had that id.
    func removed(_ kind: String, _ id: String, found: Bool) throws -> ExitCode {
        guard found else { throw CommandFailure.data("no \(kind) with id \(id)") }
        err("removed \(kind) \(id)")
        return .success
    }
}
