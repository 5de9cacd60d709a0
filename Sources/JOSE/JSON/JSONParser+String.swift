extension JSONParser {
    /// RFC 8259 §7 strings: escapes, surrogate pairs checked, raw control characters refused.
    mutating func string() throws(JOSEError) -> String {
        index += 1
        var runStart = index
        var out = ""
        func flushRun(_ end: Int) { out += String(decoding: bytes[runStart..<end], as: UTF8.self) }
        while true {
            guard index < bytes.count else { throw fail("unterminated string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                flushRun(index)
                index += 1
                return out
            }
            guard byte >= 0x20 else { throw fail("control character in a string") }
            guard byte == UInt8(ascii: "\\") else { index += 1; continue }
            flushRun(index)
            index += 1
            guard index < bytes.count else { throw fail("unterminated escape") }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): out += "\""
            case UInt8(ascii: "\\"): out += "\\"
            case UInt8(ascii: "/"): out += "/"
            case UInt8(ascii: "b"): out += "\u{08}"
            case UInt8(ascii: "f"): out += "\u{0C}"
            case UInt8(ascii: "n"): out += "\n"
            case UInt8(ascii: "r"): out += "\r"
            case UInt8(ascii: "t"): out += "\t"
            case UInt8(ascii: "u"): out.unicodeScalars.append(try unicodeEscape())
            default: throw fail("invalid escape")
            }
            runStart = index
        }
    }

    private mutating func hex4() throws(JOSEError) -> UInt32 {
        guard index + 4 <= bytes.count, let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else { throw fail("invalid \\u escape") }
        index += 4
        return value
    }

    private mutating func unicodeEscape() throws(JOSEError) -> Unicode.Scalar {
        let high = try hex4()
        if (0xD800...0xDBFF).contains(high) {
            guard index + 2 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw fail("unpaired surrogate")
            }
            index += 2
            let low = try hex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw fail("unpaired surrogate") }
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
        }
        guard let scalar = Unicode.Scalar(high) else { throw fail("unpaired surrogate") }
        return scalar
    }
}
