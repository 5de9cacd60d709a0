import Foundation
import Operations
import Testing

/// CONTRACT "The first week's edges": `/metrics` carries the standard process metrics and the build.
@Suite struct ProcessMetricsTests {
    @Test func metricsCarryProcessFiguresAndTheBuild() async throws {
        let app = try AppUnderTest()
        let text = await app.send("GET", "/metrics").text
        func value(_ name: String) -> Double? {
            text.split(separator: "\n").first { $0.hasPrefix(name + " ") }.flatMap { Double($0.split(separator: " ")[1]) }
        }
        #expect(text.contains("# TYPE process_cpu_seconds_total counter"))
        #expect(try #require(value("process_cpu_seconds_total")) > 0)
        #expect(try #require(value("process_resident_memory_bytes")) > 1_000_000)
        #expect(try #require(value("process_open_fds")) >= 3)
        let start = try #require(value("process_start_time_seconds"))
        #expect(start <= Date().timeIntervalSince1970 && start > Date().timeIntervalSince1970 - 86_400)
        #expect(text.contains("accountlink_build_info{version=\"\(ProductVersion.current)\"} 1"))
    }
}
