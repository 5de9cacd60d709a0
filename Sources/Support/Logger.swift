import Foundation
import Synchronization

/// Structured logging (docs/architecture.md rule 9): one JSON object per line, fields named like
/// `oauth.client_id`. Never put a token, code, secret, password or identity-token body in a field.
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
    /// Sees every record, whatever the level (metrics count security events this way).
    private let observer: (any LogSink)?

    public init(label: String, minimumLevel: Level = .info, sink: any LogSink = StandardErrorSink.shared,
                observer: (any LogSink)? = nil) {
        self.label = label
        self.minimumLevel = minimumLevel
        self.sink = sink
        self.observer = observer
    }

    public func with(label: String) -> Logger {
        Logger(label: label, minimumLevel: minimumLevel, sink: sink, observer: observer)
    }

    /// The same logger, with `observer` also seeing every record.
    public func observed(by observer: any LogSink) -> Logger {
        Logger(label: label, minimumLevel: minimumLevel, sink: sink, observer: observer)
    }

    /// `numbers` are written as JSON numbers (ports, counts, status codes, durations); `fields` as
    /// strings. Inside a request, `client_ip` and `request.id` are added from `RequestScope`.
    public func log(_ level: Level, _ message: String, _ fields: [String: String] = [:],
                    numbers: [String: Double] = [:]) {
        guard level >= minimumLevel || observer != nil else { return }
        let record = LogRecord(level: level, label: label, message: message,
                               fields: RequestScope.fields(adding: fields), numbers: numbers)
        observer?.write(record)
        guard level >= minimumLevel else { return }
        sink.write(record)
    }

    public func debug(_ message: String, _ fields: [String: String] = [:], numbers: [String: Double] = [:]) {
        log(.debug, message, fields, numbers: numbers)
    }
    public func info(_ message: String, _ fields: [String: String] = [:], numbers: [String: Double] = [:]) {
        log(.info, message, fields, numbers: numbers)
    }
    public func warning(_ message: String, _ fields: [String: String] = [:], numbers: [String: Double] = [:]) {
        log(.warning, message, fields, numbers: numbers)
    }
    public func error(_ message: String, _ fields: [String: String] = [:], numbers: [String: Double] = [:]) {
        log(.error, message, fields, numbers: numbers)
    }

    /// A logger that drops everything.
    public static let silent = Logger(label: "silent", minimumLevel: .error, sink: DiscardSink())
}

public struct LogRecord: Sendable {
    public let level: Logger.Level
    public let label: String
    public let message: String
    public let fields: [String: String]
    /// Fields whose values are numbers, written unquoted.
    public let numbers: [String: Double]
    /// Wall-clock time of the record (logs are for people: not the injected clock).
    public var time: Date = Date()

    public init(level: Logger.Level, label: String, message: String, fields: [String: String],
                numbers: [String: Double] = [:]) {
        self.level = level
        self.label = label
        self.message = message
        self.fields = fields
        self.numbers = numbers
    }

    /// `{"time":…,"level":…,"logger":…,"msg":…,<fields sorted>}` on one line; `time` is RFC 3339 in UTC;
    /// `numbers` as JSON numbers (RFC 8259 §6), a string field of the same name giving way to the number.
    public var jsonLine: String {
        var object: [(String, String)] = [
            ("time", RFC3339.string(time)), ("level", level.description), ("logger", label), ("msg", message),
        ].map { ($0.0, JSONText.quote($0.1)) }
        var values = fields.mapValues(JSONText.quote)
        for (key, number) in numbers { values[key] = JSONText.number(number) }
        object += values.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        return "{" + object.map { JSONText.quote($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
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
        var out: [UInt8] = []
        quote(text, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `text` quoted. Escapes are decided on bytes: every byte that needs one is ASCII, and no
    /// byte of a multi-byte UTF-8 sequence is below 0x80 (RFC 3629 §3), so this is the scalar rule.
    public static func quote(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Most values (tokens, ids, scopes) need no escape: copied whole, not byte by byte.
        if !text.utf8.contains(where: needsEscape) {
            out.append(contentsOf: text.utf8)
        } else {
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
                case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
                case UInt8(ascii: "\n"): out.append(contentsOf: #"\n"#.utf8)
                case UInt8(ascii: "\r"): out.append(contentsOf: #"\r"#.utf8)
                case UInt8(ascii: "\t"): out.append(contentsOf: #"\t"#.utf8)
                case ..<0x20: out.append(contentsOf: #"\u00"#.utf8 + hexDigits(byte))
                default: out.append(byte)
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// A JSON number (RFC 8259 §6): integers without a fraction, others in Swift's shortest form;
    /// `null` for what JSON cannot write (NaN, infinities).
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private static func hexDigits(_ byte: UInt8) -> [UInt8] {
        let digits = Array("0123456789abcdef".utf8)
        return [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
    }
}

/// RFC 3339 timestamps in UTC with milliseconds (`2026-12-03T04:05:06.789Z`), without a formatter object.
public enum RFC3339 {
    public static func string(_ date: Date) -> String {
        let millis = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        var seconds = time_t(millis / 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ value: Int32, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return pad(parts.tm_year + 1900, 4) + "-" + pad(parts.tm_mon + 1, 2) + "-" + pad(parts.tm_mday, 2) + "T"
            + pad(parts.tm_hour, 2) + ":" + pad(parts.tm_min, 2) + ":" + pad(parts.tm_sec, 2) + "."
            + pad(Int32(millis % 1000), 3) + "Z"
    }
}
