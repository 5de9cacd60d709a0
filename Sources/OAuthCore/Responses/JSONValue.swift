import Support

/// A small JSON tree for token responses, ID-token claims and the discovery document. Serialized
/// with sorted keys and unescaped slashes, so the bytes are stable (PLATFORM.md item 9).
public enum JSONValue: Sendable, Equatable {
    case string(String)
    case int(Int64)
    case bool(Bool)
    case array([JSONValue])
    case object([String: JSONValue])
    case null

    public var serialized: String {
        switch self {
        case .string(let text): JSONText.quote(text)
        case .int(let number): String(number)
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        case .array(let items): "[" + items.map(\.serialized).joined(separator: ",") + "]"
        case .object(let members):
            "{"
                + members.sorted { $0.key < $1.key }
                .map { JSONText.quote($0.key) + ":" + $0.value.serialized }
                .joined(separator: ",") + "}"
        }
    }

    public var bytes: [UInt8] { Array(serialized.utf8) }

    public static func strings(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }

    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    public var intValue: Int64? {
        if case .int(let number) = self { return number }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }
}
