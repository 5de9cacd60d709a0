import OAuthCore

/// A broken contract, with the line of the suite that noticed it.
public struct ConformanceFailure: Error, CustomStringConvertible {
    public let description: String
    public let file: StaticString
    public let line: UInt

    public init(_ description: String, file: StaticString = #fileID, line: UInt = #line) {
        self.description = "\(file):\(line): \(description)"
        self.file = file
        self.line = line
    }
}

func expect(
    _ condition: Bool, _ message: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
) throws {
    if !condition { throw ConformanceFailure(message(), file: file, line: line) }
}

func expectEqual<T: Equatable>(
    _ actual: T, _ expected: T, _ what: String = "",
    file: StaticString = #fileID, line: UInt = #line
) throws {
    if actual != expected {
        throw ConformanceFailure("\(what) expected \(expected), got \(actual)", file: file, line: line)
    }
}

func expectNil<T>(_ value: T?, _ what: String, file: StaticString = #fileID, line: UInt = #line) throws {
    if let value { throw ConformanceFailure("\(what) expected nil, got \(value)", file: file, line: line) }
}

/// Fails unless `body` throws `StoreError.conflict`.
func expectConflict(
    _ what: String, file: StaticString = #fileID, line: UInt = #line,
    _ body: () throws -> Void
) throws {
    do {
        try body()
    } catch StoreError.conflict {
        return
    } catch {
        throw ConformanceFailure("\(what) expected conflict, got \(error)", file: file, line: line)
    }
    throw ConformanceFailure("\(what) expected conflict, nothing thrown", file: file, line: line)
}

/// The error a case throws inside a transaction to force a rollback.
struct Rollback: Error {}

func expectRollback(file: StaticString = #fileID, line: UInt = #line, _ body: () throws -> Void) throws {
    do {
        try body()
    } catch is Rollback {
        return
    }
    throw ConformanceFailure("transaction did not rethrow the body's error", file: file, line: line)
}
