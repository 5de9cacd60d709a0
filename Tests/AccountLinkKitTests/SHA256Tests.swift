import Foundation
import JOSE
import Testing

@testable import AccountLinkKit

/// The hand-written SHA-256 (Sources/AccountLinkKit/SHA256.swift) against FIPS 180-4's examples
/// (NIST CSRC "Cryptographic Standards and Guidelines: Examples with Intermediate Values") and
/// against OpenSSL (the server's hash, through JOSE) at every padding boundary.
@Suite struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
    ])
    func publishedVectors(message: String, digest: String) {
        #expect(AccountLinkKit.SHA256.hexDigest(message) == digest)
    }

    @Test func aMillionAs() {
        let digest = AccountLinkKit.SHA256.hash([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
        #expect(AccountLinkKit.SHA256.lowercaseHex(digest)
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func agreesWithOpenSSLAtEveryPaddingBoundary() {
        for length in [1, 54, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 1000] {
            let message = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            #expect(AccountLinkKit.SHA256.hash(message) == JOSE.SHA256.hash(message), "length \(length)")
        }
    }

    @Test func aNonceIs64LowercaseHexAndHashesLikeTheServer() {
        let nonce = AppleNonce()
        #expect(nonce.raw.count == 64)
        #expect(nonce.raw.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) })
        #expect(nonce.raw != AppleNonce().raw)
        #expect(nonce.hashed == AccountLinkKit.SHA256.lowercaseHex(JOSE.SHA256.hash(Array(nonce.raw.utf8))))
        #expect(AppleNonce(raw: "abc").hashed == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}
