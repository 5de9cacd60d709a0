/// A configuration problem that names the exact setting at fault.
public struct ConfigurationError: Error, Equatable, CustomStringConvertible {
    public let key: String
    public let message: String

    public init(key: String, _ message: String) {
        self.key = key
        self.message = message
    }

    public var description: String { "\(key): \(message)" }
}
