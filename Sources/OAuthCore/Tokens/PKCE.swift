import JOSE
import Support

/// RFC 7636 with S256 only (plain is refused: RFC 7636 §4.2 permits servers to require S256).
public enum PKCE {
    /// RFC 7636 §4.2: BASE64URL(SHA256(ASCII(code_verifier))).
    public static func challenge(verifier: String) -> String {
        Base64URL.encode(SHA256.hash(verifier))
    }

    /// RFC 7636 §4.1: 43–128 characters of [A-Z a-z 0-9 - . _ ~].
    public static func isValidVerifier(_ verifier: String) -> Bool {
        (43...128).contains(verifier.utf8.count) && verifier.utf8.allSatisfy(FormEncoding.isUnreserved)
    }

    /// A S256 challenge is base64url of 32 bytes: 43 characters.
    public static func isValidChallenge(_ challenge: String) -> Bool {
        challenge.utf8.count == 43 && challenge.utf8.allSatisfy(FormEncoding.isUnreserved)
    }

    /// RFC 7636 §4.6, compared in constant time.
    public static func verify(verifier: String, challenge: String) -> Bool {
        isValidVerifier(verifier) && ConstantTime.equals(self.challenge(verifier: verifier), challenge)
    }
}
