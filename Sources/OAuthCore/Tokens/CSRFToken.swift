import JOSE
import Support

/// CSRF tokens for the login and consent forms: HMAC-SHA256 of the purpose and interaction id under
/// the interaction's secret, so a token for one form or interaction is useless for another. Checked
/// in constant time (docs/architecture.md rule 7).
public enum CSRFToken {
    public static func make(secret: [UInt8], purpose: String, binding: String) -> String {
        Base64URL.encode(HMACSHA256.authenticate(key: secret, data: Array("\(purpose)\u{0}\(binding)".utf8)))
    }

    public static func verify(_ token: String?, secret: [UInt8], purpose: String, binding: String) -> Bool {
        guard let token else { return false }
        return ConstantTime.equals(token, make(secret: secret, purpose: purpose, binding: binding))
    }
}
