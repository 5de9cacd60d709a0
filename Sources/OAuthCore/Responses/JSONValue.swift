import JOSE

/// The protocol core uses JOSE's JSON tree (sorted keys, unescaped slashes, so the bytes are
/// stable; docs/architecture.md platform note 9) for token responses, ID-token claims and discovery.
public typealias JSONValue = JOSE.JSONValue

extension JOSE.JSONValue {
    public var bytes: [UInt8] { utf8 }

    public static func strings(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }

    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }
}
