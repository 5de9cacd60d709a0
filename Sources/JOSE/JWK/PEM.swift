import Foundation

/// PEM armor (RFC 7468) around DER: strict labels, base64 body, whitespace between lines only.
public enum PEM {
    public static func encode(_ der: [UInt8], label: String) -> String {
        let body = Data(der).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
        return "-----BEGIN \(label)-----\n\(body)\n-----END \(label)-----\n"
    }

    /// Returns the label and DER of the first PEM block in `text`.
    public static func decode(_ text: String) throws(JOSEError) -> (label: String, der: [UInt8]) {
        guard let begin = text.range(of: "-----BEGIN "),
              let beginEnd = text.range(of: "-----", range: begin.upperBound..<text.endIndex)
        else { throw JOSEError(.invalidKey, "no PEM block found (RFC 7468 §2)") }
        let label = String(text[begin.upperBound..<beginEnd.lowerBound])
        let footer = "-----END \(label)-----"
        guard let end = text.range(of: footer, range: beginEnd.upperBound..<text.endIndex) else {
            throw JOSEError(.invalidKey, "the PEM block \"\(label)\" has no matching END line")
        }
        let body = text[beginEnd.upperBound..<end.lowerBound].filter { !$0.isWhitespace }
        guard let data = Data(base64Encoded: String(body)) else {
            throw JOSEError(.invalidKey, "the PEM block \"\(label)\" is not valid base64")
        }
        return (label, Array(data))
    }

    static func decode(_ text: String, label expected: String) throws(JOSEError) -> [UInt8] {
        let (label, der) = try decode(text)
        guard label == expected else { throw JOSEError(.invalidKey, "expected PEM \"\(expected)\", found \"\(label)\"") }
        return der
    }

    static func decodePrivateKey(_ text: String) throws(JOSEError) -> [UInt8] {
        let (label, der) = try decode(text)
        guard ["PRIVATE KEY", "RSA PRIVATE KEY", "EC PRIVATE KEY"].contains(label) else {
            throw JOSEError(.invalidKey, "expected a private key PEM, found \"\(label)\"")
        }
        return der
    }
}
