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

/// The system CSPRNG: `getentropy(3)` (glibc's wrapper of `getrandom(2)`), one call per 256 bytes.
/// `SystemRandomNumberGenerator` reads the same source with one system call per 8 bytes: four per token.
public struct SystemRandom: RandomSource {
    public init() {}

    public func bytes(_ count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var filled = 0
            while filled < count {
                let chunk = min(256, count - filled)  // getentropy's limit
                guard getentropy(buffer.baseAddress! + filled, chunk) == 0 else {
                    // It fails only for a bad buffer or a kernel without getrandom: no safe fallback.
                    fatalError("getentropy failed: errno \(errno)")
                }
                filled += chunk
            }
            initialized = count
        }
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
