import Foundation

/// Single-thread throughput of the two hot operations, for `make bench`. Compare the figures
/// with `openssl speed` in the same run; shared machines make absolute numbers noisy.
public enum JOSEBenchmark {
    /// Splits `seconds` over four measurements and returns operations per second:
    /// `rs256_verify_per_s` (a compact JWS: parse, header checks, signature) and `es256_sign_per_s`
    /// (claims serialised and signed), plus the bare signature operations (`…_raw_per_s`) so the
    /// JOSE overhead shows as a ratio.
    public static func run(seconds: Double) throws -> [String: Double] {
        let share = max(seconds / 4, 0.05)
        let rsa = try RSAPrivateKey.generate()
        let p256 = try P256PrivateKey.generate()
        let claims: [String: JSONValue] = ["iss": "https://example.com", "sub": "bench", "aud": "client", "exp": 2_000_000_000]
        let token = try JWS.sign(claims: claims, with: rsa, keyID: "bench")
        let verifyRate = try measure(share) { _ = try JWS.verify(token, with: rsa.publicKey) }
        let signRate = try measure(share) { _ = try JWS.sign(claims: claims, with: p256, keyID: "bench") }
        let jws = try CompactJWS(parsing: token)
        let rawVerifyRate = try measure(share) {
            guard rsa.publicKey.isValidSignature(jws.signature, for: jws.signingInput) else {
                throw JOSEError(.invalidSignature, "benchmark signature did not verify")
            }
        }
        let rawSignRate = try measure(share) { _ = try p256.signature(for: jws.signingInput) }
        return ["rs256_verify_per_s": verifyRate, "es256_sign_per_s": signRate,
                "rs256_verify_raw_per_s": rawVerifyRate, "es256_sign_raw_per_s": rawSignRate]
    }

    private static func measure(_ seconds: Double, _ body: () throws -> Void) throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        let deadline = start + UInt64(seconds * 1e9)
        var count = 0
        var now = start
        while now < deadline {
            for _ in 0..<16 { try body() }
            count += 16
            now = DispatchTime.now().uptimeNanoseconds
        }
        return Double(count) / (Double(now - start) / 1e9)
    }
}
