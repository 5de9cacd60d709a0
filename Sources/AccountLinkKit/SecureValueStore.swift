import Foundation
import Synchronization

/// Small values kept securely on the device: the Keychain on Apple platforms (`KeychainValueStore`),
/// memory in tests. The Apple ID for the launch check and the first-time name live here.
public protocol SecureValueStore: Sendable {
    func data(for key: String) throws -> Data?
    /// `nil` removes the value.
    func set(_ data: Data?, for key: String) throws
}

/// A `SecureValueStore` in memory (tests, previews).
public final class MemorySecureValueStore: SecureValueStore {
    private let values = Mutex<[String: Data]>([:])

    public init() {}

    public func data(for key: String) throws -> Data? { values.withLock { $0[key] } }

    public func set(_ data: Data?, for key: String) throws { values.withLock { $0[key] = data } }
}
