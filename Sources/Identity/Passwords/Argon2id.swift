import CSodium
import Foundation

/// Password hashing with Argon2id through libsodium (`crypto_pwhash_str`), interactive limits by
/// default. The encoded string carries its own salt and parameters, so limits can rise later.
public struct Argon2idHasher: Sendable {
    public let opsLimit: Int
    public let memLimit: Int

    public static let interactive = Argon2idHasher(
        opsLimit: Int(crypto_pwhash_OPSLIMIT_INTERACTIVE), memLimit: Int(crypto_pwhash_MEMLIMIT_INTERACTIVE))

    public init(opsLimit: Int, memLimit: Int) {
        Self.initialize
        self.opsLimit = opsLimit
        self.memLimit = memLimit
    }

    private static let initialize: Void = {
        precondition(sodium_init() >= 0, "libsodium failed to initialise")
    }()

    public struct HashingError: Error, CustomStringConvertible {
        public var description: String { "password hashing failed (out of memory?)" }
    }

    /// Returns the `$argon2id$v=19$m=…,t=…,p=1$salt$hash` string of the password's NFC form
    /// (NIST SP 800-63B §5.1.1.2), so the same password typed on any device matches.
    public func hash(_ password: String) throws -> String {
        let password = PasswordPolicy.normalize(password)
        var out = [CChar](repeating: 0, count: Int(crypto_pwhash_STRBYTES))
        let bytes = Array(password.utf8CString.dropLast())
        let rc = crypto_pwhash_str_alg(
            &out, bytes, UInt64(bytes.count), UInt64(opsLimit), memLimit, crypto_pwhash_ALG_ARGON2ID13)
        guard rc == 0 else { throw HashingError() }
        let end = out.firstIndex(of: 0) ?? out.endIndex
        return String(decoding: out[..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Constant-time verification inside libsodium; false for a malformed hash.
    public func verify(_ password: String, hash: String) -> Bool {
        Self.initialize
        let bytes = Array(PasswordPolicy.normalize(password).utf8CString.dropLast())
        return hash.withCString { crypto_pwhash_str_verify($0, bytes, UInt64(bytes.count)) == 0 }
    }

    /// True when a stored hash was made with weaker limits than these.
    public func needsRehash(_ hash: String) -> Bool {
        hash.withCString { crypto_pwhash_str_needs_rehash($0, UInt64(opsLimit), memLimit) != 0 }
    }
}
