import Support

/// The one owner of "a parameter sent twice" (RFC 6749 §3.1 for the authorization endpoint, §3.2 for
/// the token endpoint; RFC 7009 §2.1 and RFC 7662 §2.1 inherit it): every endpoint refuses through
/// this check with the same `invalid_request` and the same words.
public enum RepeatedParameters {
    /// invalid_request naming the first repeated parameter; `among` limits the check to those names
    /// (nil: every name). Names are compared by bytes, as `FormParameters` reads them.
    public static func check(_ parameters: FormParameters, among names: [String]? = nil) throws(OAuthError) {
        let repeated = parameters.duplicatedNames.filter { names?.containsBytes($0) ?? true }
        if let name = repeated.first { throw OAuthError.invalidRequest("\(name) was sent more than once") }
    }

    /// True when none of `names` (nil: none at all) is repeated: a redirect URI read from such a
    /// request can be trusted as the one the client sent.
    public static func isClean(_ parameters: FormParameters, among names: [String]? = nil) -> Bool {
        (try? check(parameters, among: names)) != nil
    }
}
