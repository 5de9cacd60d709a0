/// A JWT Claims Set (RFC 7519 §4) with typed accessors. Lenient only where providers are:
/// Apple sends `email_verified` and `is_private_email` as booleans or as "true"/"false".
public struct JWTClaims: Sendable, Equatable {
    public let members: [String: JSONValue]

    public init(_ members: [String: JSONValue]) { self.members = members }

    public subscript(name: String) -> JSONValue? { members[name] }

    public func string(_ name: String) throws(JOSEError) -> String? {
        guard let value = members[name] else { return nil }
        guard let text = value.stringValue else { throw JOSEError(.invalidClaim, "the claim \"\(name)\" is not a string") }
        return text
    }

    public func requiredString(_ name: String) throws(JOSEError) -> String {
        guard let text = try string(name) else { throw JOSEError(.missingClaim, "the claim \"\(name)\" is missing") }
        return text
    }

    /// RFC 7519 §2 NumericDate: seconds since the epoch; fractions are truncated.
    public func numericDate(_ name: String) throws(JOSEError) -> Int64? {
        guard let value = members[name] else { return nil }
        switch value {
        case .int(let seconds): return seconds
        case .double(let seconds) where seconds.isFinite && abs(seconds) < 1e15: return Int64(seconds.rounded(.down))
        default: throw JOSEError(.invalidClaim, "the claim \"\(name)\" is not a NumericDate")
        }
    }

    /// A boolean that may arrive as `true`/`false` or `"true"`/`"false"`.
    public func flexibleBool(_ name: String) throws(JOSEError) -> Bool? {
        switch members[name] {
        case nil, .null?: return nil
        case .bool(let flag)?: return flag
        case .string("true")?: return true
        case .string("false")?: return false
        default: throw JOSEError(.invalidClaim, "the claim \"\(name)\" is neither a boolean nor \"true\"/\"false\"")
        }
    }

    /// RFC 7519 §4.1.3: `aud` is one string or an array of strings.
    public func audiences() throws(JOSEError) -> [String] {
        switch members["aud"] {
        case nil: return []
        case .string(let one)?: return [one]
        case .array(let many)?:
            var out: [String] = []
            for item in many {
                guard let text = item.stringValue else { throw JOSEError(.invalidClaim, "an \"aud\" entry is not a string") }
                out.append(text)
            }
            return out
        default: throw JOSEError(.invalidClaim, "the claim \"aud\" is neither a string nor an array of strings")
        }
    }
}
