/// A fragment of HTML that is safe to emit.
///
/// Escaped by default (docs/architecture.md rule 13, after node-oidc-provider's `html_safe.js`): the literal
/// parts of an `HTML` string literal are markup written in this module's source, while every
/// interpolated `String` is escaped. Markup from anywhere else enters only through the loudly
/// named `HTML.unsafeRaw(_:)`.
public struct HTML: Sendable, Equatable, ExpressibleByStringInterpolation {
    public let rendered: String

    private init(rendered: String) { self.rendered = rendered }

    /// Text, escaped for use in element content and in quoted attribute values.
    public init(escaping text: String) { self.rendered = HTML.escape(text) }

    /// Trusts `markup` as is. Never pass anything that came from a request, a user or a store.
    public static func unsafeRaw(_ markup: String) -> HTML { HTML(rendered: markup) }

    public static let empty = HTML(rendered: "")

    public init(stringLiteral value: StaticString) { self.rendered = value.description }

    public init(stringInterpolation: Interpolation) { self.rendered = stringInterpolation.output }

    public struct Interpolation: StringInterpolationProtocol {
        var output = ""

        public init(literalCapacity: Int, interpolationCount: Int) {
            output.reserveCapacity(literalCapacity * 2)
        }

        public mutating func appendLiteral(_ literal: StaticString) { output += literal.description }

        /// A value: escaped.
        public mutating func appendInterpolation(_ text: String) { output += HTML.escape(text) }

        /// A fragment built by this module: inserted as is.
        public mutating func appendInterpolation(_ html: HTML) { output += html.rendered }

        /// Several fragments, in order.
        public mutating func appendInterpolation(_ parts: [HTML]) {
            for part in parts { output += part.rendered }
        }

        /// A link target: escaped, and only `https:`, `http:` or a same-origin path survive,
        /// so no `javascript:` or `data:` URL reaches an `href` or `action`.
        public mutating func appendInterpolation(url: String) {
            output += HTML.escape(HTML.isSafeURL(url) ? url : "#")
        }
    }

    /// Escapes the five characters that matter in content and quoted attributes
    /// (HTML Living Standard §13.1.2.3 and §13.5 "escaping a string").
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    static func isSafeURL(_ url: String) -> Bool {
        let lower = url.lowercased()
        if lower.hasPrefix("https://") || lower.hasPrefix("http://") { return true }
        return url.hasPrefix("/") && !url.hasPrefix("//") && !url.hasPrefix("/\\")
    }
}
