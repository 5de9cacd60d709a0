import JOSE

/// The tests' view of JOSE's SHA-256.
enum SHA256Helper {
    static func hash(_ text: String) -> [UInt8] { SHA256.hash(text) }
}
