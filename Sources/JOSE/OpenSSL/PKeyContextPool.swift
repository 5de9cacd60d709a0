import COpenSSL
import Foundation

/// A pool of `EVP_PKEY_CTX`s initialised once for one key and operation, so a signature costs
/// only the hash and the public-key operation, not `EVP_DigestSignInit`
/// (docs/architecture.md platform note 10).
/// A context serves one call at a time; the pool grows to the number of concurrent callers.
final class PKeyContextPool: @unchecked Sendable {
    enum Operation { case sign, verify }
    enum Padding { case pkcs1, none }

    private let key: EVPKey
    private let operation: Operation
    private let padding: Padding
    private let lock = NSLock()
    private var idle: [OpaquePointer] = []
    private static let maximumIdle = 16

    init(key: EVPKey, operation: Operation, padding: Padding) throws(JOSEError) {
        self.key = key
        self.operation = operation
        self.padding = padding
        let first = try makeContext()
        idle.append(first)
    }

    deinit { for context in idle { EVP_PKEY_CTX_free(context) } }

    private func makeContext() throws(JOSEError) -> OpaquePointer {
        guard let context = EVP_PKEY_CTX_new_from_pkey(nil, key.pointer, nil) else {
            throw OpenSSL.failure("creating a signature context")
        }
        do throws(JOSEError) {
            switch operation {
            case .sign: try OpenSSL.check(EVP_PKEY_sign_init(context), "initialising signing")
            case .verify: try OpenSSL.check(EVP_PKEY_verify_init(context), "initialising verification")
            }
            if padding == .pkcs1 {
                // RFC 7518 §3.3: RSASSA-PKCS1-v1_5.
                try OpenSSL.check(EVP_PKEY_CTX_set_rsa_padding(context, RSA_PKCS1_PADDING), "setting RSA padding")
            }
            try OpenSSL.check(EVP_PKEY_CTX_set_signature_md(context, EVP_sha256()), "setting SHA-256")
        } catch {
            EVP_PKEY_CTX_free(context)
            throw error
        }
        return context
    }

    func withContext<R>(_ body: (OpaquePointer) throws(JOSEError) -> R) throws(JOSEError) -> R {
        lock.lock()
        let pooled = idle.popLast()
        lock.unlock()
        let context: OpaquePointer
        if let pooled { context = pooled } else { context = try makeContext() }
        defer {
            lock.lock()
            if idle.count < Self.maximumIdle { idle.append(context) } else { EVP_PKEY_CTX_free(context) }
            lock.unlock()
        }
        return try body(context)
    }

    /// Signs a SHA-256 digest; the output is PKCS#1 v1.5 for RSA, DER for ECDSA.
    func sign(digest: [UInt8]) throws(JOSEError) -> [UInt8] {
        let capacity = key.maximumSignatureSize
        return try withContext { context throws(JOSEError) in
            var out = [UInt8](repeating: 0, count: capacity)
            var length = capacity
            try OpenSSL.check(EVP_PKEY_sign(context, &out, &length, digest, digest.count), "signing")
            out.removeSubrange(length...)
            return out
        }
    }

    /// Verifies a signature over a SHA-256 digest. Any failure is "not valid", never an exception.
    func verify(signature: [UInt8], digest: [UInt8]) -> Bool {
        let result = try? withContext { context throws(JOSEError) in
            EVP_PKEY_verify(context, signature, signature.count, digest, digest.count)
        }
        if result != 1 { OpenSSL.clearErrors() }
        return result == 1
    }
}
