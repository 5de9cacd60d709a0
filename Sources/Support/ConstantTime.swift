/// The one comparison for secrets, MACs, hashes and PKCE values (docs/architecture.md rule 7): its running
/// time depends only on the lengths, never on where the inputs first differ.
public enum ConstantTime {
    public static func equals<A: Collection, B: Collection>(_ a: A, _ b: B) -> Bool
    where A.Element == UInt8, B.Element == UInt8 {
        var difference = UInt8(truncatingIfNeeded: a.count ^ b.count)
        var lhs = a.makeIterator()
        var rhs = b.makeIterator()
        // Walk the longer input fully so that the loop length does not leak the shorter one.
        for _ in 0..<max(a.count, b.count) {
            let x = lhs.next() ?? 0
            let y = rhs.next() ?? 0
            difference |= x ^ y
        }
        return difference == 0 && a.count == b.count
    }

    public static func equals(_ a: String, _ b: String) -> Bool {
        equals(Array(a.utf8), Array(b.utf8))
    }
}
