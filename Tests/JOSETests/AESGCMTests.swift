import Support
import Testing
@testable import JOSE

@Suite struct AESGCMTests {
    let key = SeededRandom(seed: 1).bytes(32)
    let plaintext = Array("an Apple refresh token".utf8)
    let aad = Array("identity:42".utf8)

    @Test func roundTripWithAssociatedData() throws {
        let sealed = try AESGCM.seal(plaintext, key: key, associatedData: aad)
        #expect(sealed.count == 12 + plaintext.count + 16)
        #expect(try AESGCM.open(sealed, key: key, associatedData: aad) == plaintext)
    }

    @Test func freshNonceEveryTime() throws {
        #expect(try AESGCM.seal(plaintext, key: key) != AESGCM.seal(plaintext, key: key))
    }

    @Test(arguments: [0, 12, 20, 12 + 22 + 15])
    func tamperingAnyByteIsDetected(position: Int) throws {
        var sealed = try AESGCM.seal(plaintext, key: key, associatedData: aad)
        sealed[position] ^= 0x01
        #expect { try AESGCM.open(sealed, key: self.key, associatedData: self.aad) } throws: {
            ($0 as? JOSEError)?.code == .invalidSignature
        }
    }

    @Test func wrongKeyFails() throws {
        let sealed = try AESGCM.seal(plaintext, key: key)
        #expect(throws: JOSEError.self) { try AESGCM.open(sealed, key: SeededRandom(seed: 2).bytes(32)) }
    }

    @Test func wrongAssociatedDataFails() throws {
        let sealed = try AESGCM.seal(plaintext, key: key, associatedData: aad)
        #expect(throws: JOSEError.self) { try AESGCM.open(sealed, key: self.key, associatedData: Array("identity:43".utf8)) }
    }

    @Test func badKeySizeAndTruncationAreRefused() throws {
        #expect { try AESGCM.seal(self.plaintext, key: Array(self.key.prefix(16))) } throws: { ($0 as? JOSEError)?.code == .invalidKey }
        #expect { try AESGCM.open([UInt8](repeating: 0, count: 27), key: self.key) } throws: { ($0 as? JOSEError)?.code == .malformed }
    }

    @Test func emptyPlaintext() throws {
        let sealed = try AESGCM.seal([], key: key, associatedData: aad)
        #expect(try AESGCM.open(sealed, key: key, associatedData: aad) == [])
    }
}
