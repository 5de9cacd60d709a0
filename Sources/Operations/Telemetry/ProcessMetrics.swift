import Foundation

/// The Prometheus client libraries' standard process metrics (prometheus.io/docs/instrumenting/writing_clientlibs,
/// "Process metrics") read from Linux's /proc (proc(5)), plus `accountlink_build_info{version}`.
enum ProcessMetrics {
    /// The release this binary is (`accountlink --version`, `accountlink_build_info`).
    static let version = ProductVersion.current

    static func lines() -> [String] {
        var lines: [String] = []
        func add(_ name: String, _ type: String, _ help: String, _ value: Double?) {
            guard let value else { return }
            lines += ["# HELP \(name) \(help)", "# TYPE \(name) \(type)", "\(name) \(Metrics.number(value))"]
        }
        add("process_cpu_seconds_total", "counter", "Total user and system CPU time spent in seconds.", cpuSeconds())
        add("process_resident_memory_bytes", "gauge", "Resident memory size in bytes.", residentBytes())
        add("process_open_fds", "gauge", "Number of open file descriptors.", openDescriptors())
        add("process_start_time_seconds", "gauge", "Start time of the process since unix epoch in seconds.",
            startTime())
        lines += ["# HELP accountlink_build_info The running release.", "# TYPE accountlink_build_info gauge",
                  "accountlink_build_info{version=\"\(version)\"} 1"]
        return lines
    }

    static func cpuSeconds() -> Double? {
        var usage = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return nil }
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1_000_000 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// proc(5) /proc/self/statm: the second field is resident pages.
    static func residentBytes() -> Double? {
        guard let statm = read("/proc/self/statm"), let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
        else { return nil }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE)))
    }

    static func openDescriptors() -> Double? {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")).map { Double($0.count) }
    }

    /// proc(5): field 22 of /proc/self/stat is the start in clock ticks after boot; `btime` in /proc/stat
    /// is the boot time in seconds since 1970. Fields are counted after the command's closing `)`.
    static func startTime() -> Double? {
        guard let stat = read("/proc/self/stat"), let close = stat.lastIndex(of: ")"),
              let ticks = stat[stat.index(after: close)...].split(separator: " ").dropFirst(19).first.flatMap({ Double($0) }),
              let boot = read("/proc/stat")?.split(separator: "\n").first(where: { $0.hasPrefix("btime ") })
                .flatMap({ Double($0.dropFirst(6)) })
        else { return nil }
        return boot + ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    private static func read(_ path: String) -> String? {
        (try? String(contentsOfFile: path, encoding: .utf8))
    }
}
