import Synchronization
import Support

/// Request ids: a random per-server prefix and a counter, so making one costs no system call.
/// An incoming `X-Request-Id` is kept when it is a short token of safe characters, so ids
/// from a load balancer carry through the logs.
final class RequestIDGenerator: Sendable {
    private let prefix: String
    private let counter = Atomic<UInt64>(0)

    init(random: any RandomSource = SystemRandom()) {
        prefix = random.token(byteCount: 9)
    }

    func next() -> String {
        let value = counter.wrappingAdd(1, ordering: .relaxed).newValue
        return prefix + "-" + String(value, radix: 36)
    }

    /// 1–64 characters from `A–Z a–z 0–9 - _ . :` (nothing that could forge a log line or header).
    static func isAcceptable(_ id: String) -> Bool {
        let bytes = id.utf8
        guard !bytes.isEmpty && bytes.count <= 64 else { return false }
        return bytes.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
                UInt8(ascii: "."), UInt8(ascii: ":"):
                true
            default: false
            }
        }
    }
}
