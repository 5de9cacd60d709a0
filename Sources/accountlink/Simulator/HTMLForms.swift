/// Just enough HTML reading to drive our own login, consent and account pages like a browser:
/// each `<form>` with its action, its `<input>` fields and its `<button>`s (docs/pages.md).
struct HTMLForm: Sendable {
    var action: String
    var fields: [(name: String, value: String)]
    var buttons: [(name: String?, value: String?, label: String)]

    func has(field: String) -> Bool { fields.contains { $0.name == field } }
}

enum HTMLForms {
    static func parse(_ html: String) -> [HTMLForm] {
        html.components(separatedBy: "<form").dropFirst().map { chunk in
            let body = chunk.components(separatedBy: "</form>")[0]
            let openTag = String(body.prefix { $0 != ">" })
            var form = HTMLForm(action: attributes(openTag)["action"] ?? "", fields: [], buttons: [])
            for tag in tags("input", in: body) {
                let a = attributes(tag)
                if let name = a["name"] { form.fields.append((name, a["value"] ?? "")) }
            }
            for piece in body.components(separatedBy: "<button").dropFirst() {
                let a = attributes(String(piece.prefix { $0 != ">" }))
                let inner = piece.drop { $0 != ">" }.dropFirst().components(separatedBy: "</button>")[0]
                form.buttons.append((a["name"], a["value"], unescape(inner).trimmingCharacters(in: .whitespacesAndNewlines)))
            }
            return form
        }
    }

    static func tags(_ name: String, in html: String) -> [String] {
        html.components(separatedBy: "<" + name).dropFirst().map { String($0.prefix { $0 != ">" }) }
    }

    static func attributes(_ tag: String) -> [String: String] {
        var result: [String: String] = [:]
        for match in tag.matches(of: /([a-zA-Z_:][-a-zA-Z0-9_:.]*)="([^"]*)"/) {
            result[String(match.output.1)] = unescape(String(match.output.2))
        }
        return result
    }

    /// The entities our pages escape (Pages: HTML is escaped by default).
    static func unescape(_ text: String) -> String {
        var out = text
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&#x27;", "'"),
                                    ("&#x2F;", "/"), ("&amp;", "&")] {
            out = out.replacingOccurrences(of: entity, with: character)
        }
        return out
    }
}
