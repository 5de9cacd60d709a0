import Synchronization

/// At most one fetch at a time: callers arriving while it runs wait for that same fetch instead of
/// starting their own (no stampede on the provider). Used by the remote key sets and the RISC configuration.
final class SingleFlight: Sendable {
    private let current = Mutex<Task<Void, Never>?>(nil)

    var isRunning: Bool { current.withLock { $0 != nil } }

    /// Joins the running task, or starts `body` and waits for it.
    func run(_ body: @escaping @Sendable () async -> Void) async {
        let (task, started) = current.withLock { running -> (Task<Void, Never>, Bool) in
            if let running { return (running, false) }
            let task = Task { await body() }
            running = task
            return (task, true)
        }
        await task.value
        if started { current.withLock { $0 = nil } }
    }
}
