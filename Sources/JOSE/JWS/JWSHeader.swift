/// The JOSE Header of a compact JWS (RFC 7515 §4). Only `alg`, `kid`, `typ` and `crit` have any
/// effect; `jku`, `jwk`, `x5u`, `x5c` (§4.1.2–4.1.6) are kept as data and never used to find a key.
public struct JWSHeader: Sendable, Equatable {
    public let algorithm: String
    public let keyID: String?
    public let type: String?
    public let members: [String: JSONValue]

    /// Extensions this implementation understands for `crit` (RFC 7515 §4.1.11): none.
    static let understoodCritical: Set<String> = []

    init(_ members: [String: JSONValue]) throws(JOSEError) {
        // RFC 7515 §4.1.1: "alg" MUST be present and understood.
        guard let alg = members["alg"]?.stringValue else { throw JOSEError(.malformed, "the JOSE header has no \"alg\" string") }
        if alg.lowercased() == "none" {
            throw JOSEError(.unsupportedAlgorithm, "unsecured JWS (\"alg\":\"none\") is never accepted (RFC 8725 §3.2)")
        }
        guard JWSAlgorithm(rawValue: alg) != nil else {
            throw JOSEError(.unsupportedAlgorithm, "the algorithm \"\(alg)\" is not supported")
        }
        if let crit = members["crit"] { try Self.checkCritical(crit, in: members) }
        if let kid = members["kid"], kid.stringValue == nil { throw JOSEError(.malformed, "\"kid\" is not a string") }
        if let typ = members["typ"], typ.stringValue == nil { throw JOSEError(.malformed, "\"typ\" is not a string") }
        algorithm = alg
        keyID = members["kid"]?.stringValue
        type = members["typ"]?.stringValue
        self.members = members
    }

    /// RFC 7515 §4.1.11: a non-empty array of names, each present in the header, none of them
    /// registered header names; a name the recipient does not understand makes the JWS invalid.
    private static func checkCritical(_ crit: JSONValue, in members: [String: JSONValue]) throws(JOSEError) {
        guard let names = crit.arrayValue, !names.isEmpty else {
            throw JOSEError(.malformed, "\"crit\" must be a non-empty array (RFC 7515 §4.1.11)")
        }
        for name in names {
            guard let name = name.stringValue, members[name] != nil else {
                throw JOSEError(.malformed, "\"crit\" names a parameter that is not in the header")
            }
            guard understoodCritical.contains(name) else {
                throw JOSEError(.unknownCritical, "the critical header parameter \"\(name)\" is not understood (RFC 7515 §4.1.11)")
            }
        }
    }
}
