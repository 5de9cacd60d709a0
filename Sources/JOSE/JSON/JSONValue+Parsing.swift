extension JSONValue {
    /// Parses RFC 8259 JSON with the strict parser the JOSE code uses (duplicate names, depth and
    /// number limits as in JSONParser.swift); public for the fuzz targets and any caller outside JOSE.
    public init(parsing bytes: [UInt8]) throws(JOSEError) {
        self = try JSONParser.parse(bytes)
    }
}

extension JSONValue {
    /// The same strict parser (no comments, no trailing commas, no duplicate names: RFC 8259 §4, §2),
    /// reporting where the input stopped being JSON as a line and column (a configuration file).
    public init(parsingLocated bytes: [UInt8]) throws(JSONSyntaxError) {
        self = try JSONParser.parseLocated(bytes)
    }
}

/// Where and why a text is not strict JSON: 1-based line and column (in characters of that line).
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public let line: Int
    public let column: Int
    public let reason: String

    init(bytes: [UInt8], offset: Int, reason: String) {
        let end = min(max(0, offset), bytes.count)
        let head = bytes[..<end]
        let lineStart = (head.lastIndex(of: 0x0A).map { $0 + 1 }) ?? 0
        line = head.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        column = String(decoding: bytes[lineStart..<end], as: UTF8.self).count + 1
        self.reason = reason
    }

    public var description: String { "line \(line), column \(column): \(reason)" }
}
