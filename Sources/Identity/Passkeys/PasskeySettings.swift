import Foundation
import Support
import WebAuthn

/// `ACCOUNTLINK_PASSKEY_RP_ID` and `ACCOUNTLINK_PASSKEY_ORIGINS` (README, Configuration), checked at
/// start. W3C WebAuthn Level 3 §5.1.3 step 8 / §5.1.4.1 step 7: the RP ID must be the origin's
/// effective domain or a registrable domain suffix of it, so for our issuer's host `h` it is `h` itself
/// or a suffix after a dot that is not a bare top-level name.
public enum PasskeySettings {
    public struct Problem: Error, Equatable {
        public let setting: String
        public let message: String
    }

    public static func relyingParty(issuer: URL, rpID: String?, origins extra: [String]) throws(Problem) -> RelyingParty {
        guard let host = issuer.host?.lowercased(), let issuerOrigin = origin(of: issuer) else {
            throw Problem(setting: "ACCOUNTLINK_ISSUER", message: "has no host for passkeys")
        }
        let id = rpID?.lowercased() ?? host
        // Compared as bytes (docs/hardening.md: protocol values); a suffix must start at a label.
        let isSuffix = id.contains(".") && Array(host.utf8).suffix(id.utf8.count + 1).elementsEqual(("." + id).utf8)
        guard id.sameBytes(host) || isSuffix else {
            throw Problem(setting: "ACCOUNTLINK_PASSKEY_RP_ID", message: "must be \(host) or a registrable suffix of it")
        }
        for origin in extra where !acceptable(origin) {
            throw Problem(setting: "ACCOUNTLINK_PASSKEY_ORIGINS",
                          message: "\(origin) is neither an https:// origin nor android:apk-key-hash:")
        }
        return RelyingParty(id: id, origins: [issuerOrigin] + extra)
    }

    /// scheme://host[:port], as a browser writes `origin` in clientDataJSON (RFC 6454 §6.1).
    static func origin(of url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
        return scheme + "://" + host + (url.port.map { ":\($0)" } ?? "")
    }

    /// An https origin without path, or an Android app's signing-key hash
    /// (https://developer.android.com/identity/sign-in/credential-manager#verify-origin).
    static func acceptable(_ origin: String) -> Bool {
        if origin.hasPrefix("android:apk-key-hash:") { return origin.count > "android:apk-key-hash:".count }
        guard let url = URL(string: origin), url.scheme == "https", url.host != nil else { return false }
        return url.path.isEmpty && url.query == nil && url.fragment == nil
    }
}
