import Foundation
import JOSE

// `make bench` harness for what wrk cannot reach: JOSE on one core (docs/architecture.md platform note 10).
// Prints `name value` lines; scripts/bench.sh sets them beside `openssl speed`.
let seconds = Double(ProcessInfo.processInfo.environment["BENCH_SECONDS"] ?? "") ?? 2
do {
    let figures = try JOSEBenchmark.run(seconds: seconds)
    for (name, value) in figures.sorted(by: { $0.key < $1.key }) {
        print("\(name) \(Int(value))")
    }
} catch {
    FileHandle.standardError.write(Data("benchmark failed: \(error)\n".utf8))
    exit(70)
}
