import Support

/// Client secrets for the CLI (`accountlink client add`) and client authentication.
///
/// Stored as base64url(SHA-256(secret)), not Argon2id: a generated secret carries 256 bits of
/// entropy, so there is nothing to guess and a slow hash would only cost ~90 ms per token request
/// (Argon2id, interactive limits). Operator-supplied secrets (`--secret-stdin`) must therefore be long random
/// strings; `isAcceptable` enforces a floor.
public enum ClientSecret {
    public static func generate(_ random: any RandomSource) -> String {
        OpaqueToken.generate(.clientSecret, random: random)
    }

    public static func hash(_ secret: String) -> String { OpaqueToken.hash(secret) }

    /// At least 32 characters, so that an unsalted fast hash stays safe.
    public static func isAcceptable(_ secret: String) -> Bool { secret.utf8.count >= 32 }

    /// Constant-time comparison of the presented secret's hash with the stored one
    /// (docs/architecture.md rule 7).
    public static func matches(_ presented: String, storedHash: String) -> Bool {
        ConstantTime.equals(hash(presented), storedHash)
    }
}
