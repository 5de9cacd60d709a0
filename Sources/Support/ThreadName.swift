import Glibc

/// The name the kernel shows for a thread (`ps -L`, `top -H`, perf, `/proc/PID/task/*/comm`), so an
/// operator can tell the store's threads apart. Foundation's `Thread.name` does not reach the kernel on
/// Linux, and Glibc's `pthread_setname_np` is not visible to Swift here, so the name is written where
/// the kernel keeps it, `/proc/thread-self/comm` (proc(5)); written by hand, no library here does it.
public enum ThreadName {
    /// The kernel keeps at most this many bytes of a name (TASK_COMM_LEN less its terminator).
    public static let limit = 15

    /// Names the calling thread (its first `limit` bytes); a name the kernel refuses leaves the old one.
    public static func set(_ name: String) {
        let fd = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        defer { close(fd) }
        let bytes = Array(name.utf8.prefix(limit))
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }

    /// The calling thread's name as the kernel has it (nil when /proc cannot be read).
    public static func current() -> String? { name(at: "/proc/thread-self/comm") }

    /// The names of every thread of this process now (for tests and diagnostics).
    public static func all() -> [String] {
        guard let folder = opendir("/proc/self/task") else { return [] }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let tid = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard tid.first?.isNumber == true, let name = name(at: "/proc/self/task/\(tid)/comm") else { continue }
            names.append(name)
        }
        return names
    }

    /// A `comm` file's name, without its newline.
    private static func name(at path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return String(decoding: bytes.prefix(count).prefix { $0 != 0x0A }, as: UTF8.self)
    }
}
