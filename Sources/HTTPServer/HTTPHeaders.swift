/// Header fields in the order they were sent or added; repeats are kept and lookup ignores case
/// (RFC 9110 §5.1: field names are case-insensitive; §5.3: a repeated field is a list).
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    public private(set) var fields: [(name: String, value: String)]

    public init(_ fields: [(name: String, value: String)] = []) { self.fields = fields }

    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { (name: $0.0, value: $0.1) }
    }

    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
    }

    public var count: Int { fields.count }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> { fields.makeIterator() }

    /// The first value of `name`, or nil.
    public subscript(name: String) -> String? {
        get { fields.first { Self.same($0.name, name) }?.value }
        set {
            if let newValue { replaceOrAdd(name, newValue) } else { remove(name) }
        }
    }

    /// Every value of `name`, in order.
    public func values(_ name: String) -> [String] { fields.filter { Self.same($0.name, name) }.map(\.value) }

    public func contains(_ name: String) -> Bool { fields.contains { Self.same($0.name, name) } }

    public mutating func add(_ name: String, _ value: String) { fields.append((name, value)) }

    /// Sets the single value of `name`, replacing every earlier one (the first keeps its place).
    public mutating func replaceOrAdd(_ name: String, _ value: String) {
        guard let first = fields.firstIndex(where: { Self.same($0.name, name) }) else {
            fields.append((name, value))
            return
        }
        fields[first].value = value
        var index = fields.count - 1
        while index > first {
            if Self.same(fields[index].name, name) { fields.remove(at: index) }
            index -= 1
        }
    }

    public mutating func remove(_ name: String) { fields.removeAll { Self.same($0.name, name) } }

    /// ASCII case-insensitive comparison without allocating lowercase copies.
    static func same(_ a: String, _ b: String) -> Bool {
        var lhs = a.utf8.makeIterator()
        var rhs = b.utf8.makeIterator()
        while true {
            switch (lhs.next(), rhs.next()) {
            case (nil, nil): return true
            case let (x?, y?) where x == y || lowercase(x) == lowercase(y): continue
            default: return false
            }
        }
    }

    private static func lowercase(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }
}
