import Foundation
import Synchronization

/// Where secrets come from (docs/architecture.md rule 9). Production uses the operating system's CSPRNG.
public protocol RandomSource: Sendable {
    func bytes(_ count: Int) -> [UInt8]
}

extension RandomSource {
    /// `byteCount` random bytes as base64url without padding: a token body.
    public func token(byteCount: Int = 32) -> String {
        Base64URL.encode(bytes(byteCount))
    }
}

/// The system CSPRNG (`getrandom(2)` on Linux through `SystemRandomNumberGenerator`).
public struct SystemRandom: RandomSource {
    public init() {}

    public func bytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        var out = [UInt8](repeating: 0, count: count)
        var index = 0
        while index < count {
            var word = generator.next()
            withUnsafeBytes(of: &word) { raw in
                for byte in raw where index < count {
                    out[index] = byte
                    index += 1
                }
            }
        }
        return out
    }
}

/// A deterministic source for tests: a counter run through a simple mixer. Never for production.
public final class SeededRandom: RandomSource {
    private let state: Mutex<UInt64>

    public init(seed: UInt64) { state = Mutex(seed) }

    public func bytes(_ count: Int) -> [UInt8] {
        state.withLock { s in
            (0..<count).map { _ in
                s &+= 0x9E37_79B9_7F4A_7C15
                var z = s
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return UInt8(truncatingIfNeeded: z ^ (z >> 31))
            }
        }
    }
}
