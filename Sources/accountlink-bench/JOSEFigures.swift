import Foundation
import JOSE

/// JOSE on one core, to set beside `openssl speed` (docs/architecture.md platform note 10).
enum JOSEFigures {
    static func print(seconds: Double) throws {
        let figures = try JOSEBenchmark.run(seconds: seconds)
        for (name, value) in figures.sorted(by: { $0.key < $1.key }) {
            Swift.print("\(name) \(Int(value))")
        }
    }
}

struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
