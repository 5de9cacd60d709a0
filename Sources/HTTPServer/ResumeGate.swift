import Glibc

/// A reader-writer lock (pthread) around `MHD_resume_connection`: handlers resume their connections
/// under the shared side, concurrently; a forced stop takes the exclusive side, so no resume is
/// halfway while it answers what is left and the daemon goes. Holding the table's mutex across the
/// resume call instead serialised every response behind one lock (docs/performance.md).
final class ResumeGate: @unchecked Sendable {
    // @unchecked: the pthread lock is the synchronisation; the pointer is never reassigned.
    private let lock: UnsafeMutablePointer<pthread_rwlock_t>

    init() {
        lock = .allocate(capacity: 1)
        lock.initialize(to: pthread_rwlock_t())
        pthread_rwlock_init(lock, nil)
    }

    deinit {
        pthread_rwlock_destroy(lock)
        lock.deallocate()
    }

    func shared<T>(_ body: () -> T) -> T {
        pthread_rwlock_rdlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return body()
    }

    func exclusive<T>(_ body: () -> T) -> T {
        pthread_rwlock_wrlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return body()
    }
}
