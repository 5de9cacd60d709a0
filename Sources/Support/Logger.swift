import Foundation
import Synchronization

/// Structured logging (STYLE.md §9): one JSON object per line, fields named like `oauth.client_id`.
/// Never put a token, code, secret, password or identity-token body in a field.
public struct Logger: Sendable {
    public enum Level: Int, Sendable, Comparable, CustomStringConvertible {
        case debug, info, warning, error

        public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }

        public var description: String {
            switch self {
            case .debug: "debug"
            case .info: "info"
            case .warning: "warning"
            case .error: "error"
            }
        }
    }

    public let label: String
    public let minimumLevel: Level
    private let sink: any LogSink

    public init(label: String, minimumLevel: Level = .info, sink: any LogSink = StandardErrorSink.shared) {
        self.label = label
        self.minimumLevel = minimumLevel
        self.sink = sink
    }

    public func with(label: String) -> Logger { Logger(label: label, minimumLevel: minimumLevel, sink: sink) }

    public func log(_ level: Level, _ message: String, _ fields: [String: String] = [:]) {
        guard level >= minimumLevel else { return }
        sink.write(LogRecord(level: level, label: label, message: message, fields: fields))
    }

    public func debug(_ message: String, _ fields: [String: String] = [:]) { log(.debug, message, fields) }
    public func info(_ message: String, _ fields: [String: String] = [:]) { log(.info, message, fields) }
    public func warning(_ message: String, _ fields: [String: String] = [:]) { log(.warning, message, fields) }
    public func error(_ message: String, _ fields: [String: String] = [:]) { log(.error, message, fields) }

    /// A logger that drops everything.
    public static let silent = Logger(label: "silent", minimumLevel: .error, sink: DiscardSink())
}

public struct LogRecord: Sendable {
    public let level: Logger.Level
    public let label: String
    public let message: String
    public let fields: [String: String]

    /// `{"level":…,"logger":…,"msg":…,<fields sorted>}` on one line.
    public var jsonLine: String {
        var object: [(String, String)] = [("level", level.description), ("logger", label), ("msg", message)]
        object += fields.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        return "{" + object.map { JSONText.quote($0.0) + ":" + JSONText.quote($0.1) }.joined(separator: ",") + "}"
    }
}

public protocol LogSink: Sendable {
    func write(_ record: LogRecord)
}

public struct DiscardSink: LogSink {
    public init() {}
    public func write(_ record: LogRecord) {}
}

/// Writes each record as one line on stderr; lines from different threads never interleave.
public final class StandardErrorSink: LogSink {
    public static let shared = StandardErrorSink()
    private let lock = Mutex(())

    public func write(_ record: LogRecord) {
        let line = Array((record.jsonLine + "\n").utf8)
        lock.withLock { _ in
            FileHandle.standardError.write(Data(line))
        }
    }
}

/// Keeps records in memory, for tests that check what was (and was not) logged.
public final class MemorySink: LogSink {
    private let storage = Mutex<[LogRecord]>([])
    public init() {}
    public func write(_ record: LogRecord) { storage.withLock { $0.append(record) } }
    public var records: [LogRecord] { storage.withLock { $0 } }
}

/// Minimal JSON string quoting, shared by the logger and hand-built JSON where byte order matters.
public enum JSONText {
    public static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let s where s.value < 0x20:
                out += String(format: "\\u%04x", s.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
