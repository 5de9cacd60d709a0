import Settings
import Support

/// The server's logger, at the configured level, JSON lines on stderr.
public func serverLogger(_ configuration: ServerConfiguration) -> Logger {
    let level: Logger.Level = switch configuration.logLevel {
    case "debug": .debug
    case "warning": .warning
    case "error": .error
    default: .info
    }
    return Logger(label: "accountlink", minimumLevel: level)
}
