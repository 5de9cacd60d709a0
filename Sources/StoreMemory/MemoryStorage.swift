import Foundation
import Support
import Identity
import OAuthCore
import Synchronization

/// The reference store: all state in memory behind one lock. A transaction works on a private copy
/// that replaces the shared state only when the body returns.
public final class MemoryStorage: AccountLinkStorage, @unchecked Sendable {
    // @unchecked: `local` is touched only by the thread running the transaction that owns this view.
    private let shared: SharedState?
    private var local: MemoryState

    public init() {
        shared = SharedState()
        local = MemoryState()
    }

    private init(transactionState: MemoryState) {
        shared = nil
        local = transactionState
    }

    func access<T>(_ body: (inout MemoryState) throws -> T) throws -> T {
        if let shared { return try shared.mutex.withLock { try body(&$0) } }
        return try body(&local)
    }

    public func transaction<T>(_ body: (MemoryStorage) throws -> T) throws -> T {
        guard let shared else { return try body(self) }
        return try shared.mutex.withLock { state in
            let view = MemoryStorage(transactionState: state)
            let result = try body(view)
            state = view.local
            return result
        }
    }

    public func ping() throws {}
}

extension MemoryStorage {
    public func insertClient(_ client: Client) throws {
        try access {
            try $0.clients.insertNew(client, at: Array(client.id.utf8), conflict: "client \(client.id) exists")
        }
    }

    public func client(id: String) throws -> Client? {
        try access { $0.clients[Array(id.utf8)] }
    }

    public func listClients() throws -> [Client] { try access { $0.clients.values.sorted { $0.id < $1.id } } }

    public func deleteClient(id: String, at time: Date) throws -> Bool {
        try access { state in
            guard state.clients.removeValue(forKey: Array(id.utf8)) != nil else { return false }
            for grant in state.grants.values where grant.clientID.sameBytes(id) { _ = state.revokeGrant(id: grant.id, at: time) }
            return true
        }
    }
}

private final class SharedState: Sendable {
    let mutex = Mutex(MemoryState())
}
