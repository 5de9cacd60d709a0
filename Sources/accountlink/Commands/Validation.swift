import Foundation

enum ClientValidation {
    /// Client ids stay to letters, digits, `.`, `_`, `-`: odd characters caused URL-encoding
    /// mismatches with Google (specs/google-account-linking.md §8.6).
    static func checkID(_ id: String, what: String = "--id") throws(CommandFailure) {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
        guard !id.isEmpty, id.count <= 128, id.allSatisfy(allowed.contains) else {
            throw .usage("\(what) may contain only letters, digits, '.', '_' and '-' (1 to 128 characters)")
        }
    }

    /// RFC 6749 §3.1.2: absolute, no fragment; https, http only on loopback (RFC 8252 §7.3), or a
    /// private-use scheme for native apps (RFC 8252 §7.1).
    static func checkRedirectURI(_ uri: String) throws(CommandFailure) {
        guard let components = URLComponents(string: uri), let scheme = components.scheme?.lowercased() else {
            throw .data("redirect URI \(uri) is not an absolute URI")
        }
        guard components.fragment == nil else { throw .data("redirect URI \(uri) must not have a fragment") }
        switch scheme {
        case "https":
            guard let host = components.host, !host.isEmpty else { throw .data("redirect URI \(uri) has no host") }
        case "http":
            let host = components.host ?? ""
            guard host == "localhost" || host == "::1" || host.hasPrefix("127.") else {
                throw .data("redirect URI \(uri): http is allowed only for a loopback host")
            }
        default:
            guard scheme.contains(".") else {
                throw .data("redirect URI \(uri): use https, loopback http, or a reverse-DNS private-use scheme")
            }
        }
    }

    static func unique(_ uris: [String]) -> [String] {
        var seen = Set<String>()
        return uris.filter { seen.insert($0).inserted }
    }
}

enum JSONOutput {
    static func encode<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func timestamp(_ date: Date) -> String {
        ISO8601DateFormatter().string(from: date)
    }
}
