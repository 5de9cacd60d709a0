import Glibc

/// Each connection is a descriptor: raise the soft RLIMIT_NOFILE (up to the hard limit) so that
/// `maxConnections` can be reached; the database, logs and outgoing calls need a margin beside it.
enum FileLimit {
    static func ensure(_ wanted: Int) {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
        let target = min(limit.rlim_max, rlim_t(max(0, wanted)))
        guard limit.rlim_cur < target else { return }
        limit.rlim_cur = target
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }
}
