import FoundationNetworking
import Foundation
import JOSE
import Support

enum TokenVerifyCommand: Command {
    static let path = ["token", "verify"]
    static let summary = "verify a JWT and print its claims"
    static let help = """
        Usage: accountlink token verify --jwks FILE_OR_URL --issuer ISS --audience AUD [--nonce NONCE] TOKEN

        Verifies the signature with the key its `kid` names in the JWK Set (the algorithm comes from the
        key, never from the token's header), then `iss`, `aud`, `exp`, `nbf`, `iat` (60 s leeway) and the
        nonce when given. Prints the claims as JSON on stdout and exits 0, or prints
        `invalid token: REASON` on stderr and exits 65. Use it to see why a token from Apple or Google
        is refused, e.g. --jwks https://appleid.apple.com/auth/keys --issuer https://appleid.apple.com
        """
    static let spec = ArgumentSpec(valued: ["jwks", "issuer", "audience", "nonce"], positionals: 1...1)

    static func run(_ arguments: Arguments, _ context: CommandContext) async throws -> ExitCode {
        let source = try arguments.required("jwks")
        let issuer = try arguments.required("issuer")
        let audience = try arguments.required("audience")
        let token = arguments.positionals[0].trimmingCharacters(in: .whitespacesAndNewlines)
        let keys = try await loadKeySet(source)
        do {
            let claims = try verify(token, keys: keys, issuer: issuer, audience: audience, nonce: arguments.value("nonce"))
            context.out(JSONValue.object(claims.members).serialized)
            return .success
        } catch {
            context.err("invalid token: \(error.reason)")
            return .dataError
        }
    }

    static func verify(_ token: String, keys: JWKSet, issuer: String, audience: String,
                       nonce: String?) throws(JOSEError) -> JWTClaims {
        let parsed = try CompactJWS(parsing: token)
        let usable = keys.verificationKeys()
        let key: any JWSVerificationKey
        if let kid = parsed.header.keyID {
            guard let found = usable[kid] else { throw JOSEError(.unknownKey, "no key with kid \"\(kid)\" in the JWK Set") }
            key = found
        } else {
            guard usable.keyIDs.count == 1, let only = usable[usable.keyIDs.first!] else {
                throw JOSEError(.unknownKey, "the token has no \"kid\" and the JWK Set has several keys")
            }
            key = only
        }
        let jws = try JWS.verify(token, with: key)
        let claims = try jws.claims()
        let checks = ClaimChecks(clock: SystemClock())
        _ = try checks.checkIssuer(claims, allowed: [issuer])
        _ = try checks.checkAudience(claims, allowed: [audience])
        _ = try checks.checkExpiration(claims)
        try checks.checkNotBefore(claims)
        if claims.members["iat"] != nil { _ = try checks.checkIssuedAt(claims) }
        if let nonce { _ = try checks.checkNonce(claims, expected: nonce) }
        return claims
    }

    static func loadKeySet(_ source: String) async throws -> JWKSet {
        let bytes: [UInt8]
        if source.hasPrefix("https://") || source.hasPrefix("http://") {
            guard let url = URL(string: source) else { throw CommandFailure.usage("--jwks: not a URL") }
            do {
                bytes = try await URLSessionKeySetFetcher().fetch(url).body
            } catch {
                throw CommandFailure.unavailable("cannot fetch \(source): \(error)")
            }
        } else {
            guard let data = FileManager.default.contents(atPath: source) else {
                throw CommandFailure.data("cannot read \(source)")
            }
            bytes = [UInt8](data)
        }
        do {
            return try JWKSet(json: bytes)
        } catch {
            throw CommandFailure.data("\(source) is not a JWK Set: \(error.reason)")
        }
    }
}
