import Foundation

// `make bench` harness for what wrk cannot reach (scripts/bench.sh calls it):
//   accountlink-bench jose                               JOSE on one core (docs/architecture.md platform note 10)
//   accountlink-bench seed DATABASE COUNT CLIENT EMAIL   COUNT tokens of EMAIL's grant to CLIENT
//   accountlink-bench sqlite-reads PATH TOKEN [plain]     SQLite's token read on one and two threads
//   accountlink-bench requests TOKEN BASIC               the app's answers in process (ACCOUNTLINK_* as serve)
//   accountlink-bench http-probe                         wrk against the HTTP layer alone (HTTPProbe.swift)
// Prints `name value` lines.
let arguments = Array(CommandLine.arguments.dropFirst())
/// Seconds per measured figure (BENCH_SECONDS, 2 by default).
let seconds = Double(ProcessInfo.processInfo.environment["BENCH_SECONDS"] ?? "") ?? 2
do {
    switch arguments.first {
    case "seed" where arguments.count == 5:
        guard let count = Int(arguments[2]), count >= 0 else { throw BenchFailure("COUNT must be a number") }
        try TokenSeeder(database: arguments[1]).seed(count: count, clientID: arguments[3], email: arguments[4])
    case "sqlite-reads" where arguments.count == 3 || (arguments.count == 4 && arguments[3] == "plain"):
        try SQLiteReadFigures(path: arguments[1], token: arguments[2], seconds: seconds).print(plain: arguments.count == 4)
    case "requests" where arguments.count == 3:
        try await RequestFigures(token: arguments[1], basic: arguments[2], seconds: seconds).print()
    case "http-probe" where arguments.count == 1:
        try HTTPProbe.run(seconds: max(3, seconds))
    case "jose", nil:
        try JOSEFigures.print(seconds: seconds)
    default:
        throw BenchFailure("usage: accountlink-bench jose | seed DATABASE COUNT CLIENT EMAIL | sqlite-reads PATH TOKEN [plain]"
            + " | requests TOKEN BASIC | http-probe")
    }
} catch {
    FileHandle.standardError.write(Data("benchmark failed: \(error)\n".utf8))
    exit(70)
}
