/// A strict RFC 8259 parser for JOSE headers, claims and key sets. Duplicate member names are
/// rejected (allowed by RFC 7515 §5.2 and RFC 7519 §4), as are trailing data and deep nesting.
struct JSONParser {
    let bytes: [UInt8]
    var index = 0
    private var depth = 0
    private static let maximumDepth = 32

    static func parse(_ bytes: [UInt8]) throws(JOSEError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        let value = try parser.value()
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.fail("trailing data after the JSON value") }
        return value
    }

    /// As `parse`, with the byte offset where the input stopped being JSON (for errors a person fixes
    /// in a file: `JSONSyntaxError` turns it into a line and column).
    static func parseLocated(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        do throws(JOSEError) {
            let value = try parser.value()
            parser.skipWhitespace()
            guard parser.index == bytes.count else { throw parser.fail("trailing data after the JSON value") }
            return value
        } catch {
            let prefix = "invalid JSON at byte \(parser.index): "
            let why = error.reason.hasPrefix(prefix) ? String(error.reason.dropFirst(prefix.count)) : error.reason
            throw JSONSyntaxError(bytes: bytes, offset: parser.index, reason: why)
        }
    }

    static func parseObject(_ bytes: [UInt8], what: String) throws(JOSEError) -> [String: JSONValue] {
        guard let object = try parse(bytes).objectValue else { throw JOSEError(.malformed, "\(what) is not a JSON object") }
        return object
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    func fail(_ why: String) -> JOSEError { JOSEError(.malformed, "invalid JSON at byte \(index): \(why)") }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    mutating func value() throws(JOSEError) -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw fail("unexpected end") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: return try number()
        }
    }

    private mutating func literal(_ word: String) throws(JOSEError) {
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw fail("unexpected character")
        }
        index += expected.count
    }

    private mutating func enter() throws(JOSEError) {
        depth += 1
        if depth > Self.maximumDepth { throw fail("nesting deeper than \(Self.maximumDepth)") }
        index += 1
    }

    private mutating func object() throws(JOSEError) -> JSONValue {
        try enter()
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; depth -= 1; return .object(members) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a member name") }
            let key = try string()
            guard members[key] == nil else { throw fail("duplicate member name \"\(key)\"") }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':'") }
            index += 1
            members[key] = try value()
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            guard bytes[index] == UInt8(ascii: "}") else { throw fail("expected ',' or '}'") }
            index += 1
            depth -= 1
            return .object(members)
        }
    }

    private mutating func array() throws(JOSEError) -> JSONValue {
        try enter()
        var items: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; depth -= 1; return .array(items) }
        while true {
            items.append(try value())
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            guard bytes[index] == UInt8(ascii: "]") else { throw fail("expected ',' or ']'") }
            index += 1
            depth -= 1
            return .array(items)
        }
    }

    private mutating func number() throws(JOSEError) -> JSONValue {
        let start = index
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let digitsStart = index
        while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
        let intDigits = index - digitsStart
        guard intDigits > 0, !(intDigits > 1 && bytes[digitsStart] == 0x30) else { throw fail("invalid number") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            let fractionStart = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            guard index > fractionStart else { throw fail("invalid number") }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            let exponentStart = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            guard index > exponentStart else { throw fail("invalid number") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let integer = Int64(text) { return .int(integer) }
        // RFC 8259 §6: a number too large for a double is refused, not read as infinity (found by `make fuzz`).
        guard let double = Double(text), double.isFinite else { throw fail("invalid number") }
        return .double(double)
    }
}
