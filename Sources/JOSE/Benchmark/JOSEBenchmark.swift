import Foundation

/// Single-thread throughput of the two hot operations, for `make bench`. Compare the figures
/// with `openssl speed` in the same run; shared machines make absolute numbers noisy.
public enum JOSEBenchmark {
    /// Runs each measurement for about `seconds / 2` and returns operations per second under
    /// `rs256_verify_per_s` (compact JWS verification, header parse included) and `es256_sign_per_s`.
    public static func run(seconds: Double) throws -> [String: Double] {
        let share = max(seconds / 2, 0.05)
        let rsa = try RSAPrivateKey.generate()
        let p256 = try P256PrivateKey.generate()
        let claims: [String: JSONValue] = ["iss": "https://example.com", "sub": "bench", "aud": "client", "exp": 2_000_000_000]
        let token = try JWS.sign(claims: claims, with: rsa, keyID: "bench")
        let verifyRate = try measure(share) { _ = try JWS.verify(token, with: rsa.publicKey) }
        let signRate = try measure(share) { _ = try JWS.sign(claims: claims, with: p256, keyID: "bench") }
        return ["rs256_verify_per_s": verifyRate, "es256_sign_per_s": signRate]
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
