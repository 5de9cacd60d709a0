/// The nonce of one Sign in with Apple request. The app puts `hashed` (lowercase-hex SHA-256) in
/// Apple's request; Apple copies it into the identity token's `nonce` claim; the kit sends `raw`
/// to AccountLink, which hashes it and compares (https://developer.apple.com/documentation/sign_in_with_apple/authenticating-users-with-sign-in-with-apple,
/// "Verify the identity token"; docs/sign-in.md). A captured identity token is then
/// useless without the raw value that only this app instance knew.
public struct AppleNonce: Sendable, Equatable {
    public let raw: String
    public var hashed: String { SHA256.hexDigest(raw) }

    /// 32 random bytes from the system's cryptographically secure generator, as 64 hex characters.
    public init() {
        var generator = SystemRandomNumberGenerator()
        self.init(raw: SHA256.lowercaseHex((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }))
    }

    /// A nonce made elsewhere (restored after the app was relaunched mid-sign-in).
    public init(raw: String) {
        self.raw = raw
    }
}
