import Foundation
import Operations
import Settings
import Support

/// One subcommand: parse, validate, run (docs/architecture.md rule 8).
protocol Command: Sendable {
    /// Words after `accountlink`, e.g. ["client", "add"].
    static var path: [String] { get }
    static var summary: String { get }
    /// The text `accountlink … --help` prints.
    static var help: String { get }
    static var spec: ArgumentSpec { get }
    static func run(_ arguments: Arguments, _ context: CommandContext) async throws -> ExitCode
}

/// What a command may touch: the environment, the standard streams, and the server runtime.
final class CommandContext: @unchecked Sendable {
    let environment: [String: String]
    let configurationFlags: [String: String]

    init(environment: [String: String], configurationFlags: [String: String]) {
        self.environment = environment
        self.configurationFlags = configurationFlags
    }

    func out(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    func err(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// All of standard input (passwords and secrets come this way, never from argv).
    func readStandardInput() -> String {
        String(decoding: FileHandle.standardInput.readToEndRetrying(), as: UTF8.self)
    }

    func configuration() throws -> ServerConfiguration {
        do {
            return try ConfigurationLoader(environment: environment, flags: configurationFlags).load()
        } catch let error as ConfigurationError {
            throw CommandFailure.usage("configuration: \(error)")
        }
    }

    var logger: Logger = Logger(label: "accountlink", minimumLevel: .warning)

    /// Opens the configured database (migrating it) and resolves the master key. `readOnly`: a command
    /// that only reads refuses (exit 66) a database or master key that does not exist instead of making one.
    func runtime(readOnly: Bool = false) throws -> Runtime {
        let configuration = try configuration()
        do {
            return try Runtime.open(configuration, logger: logger, existingOnly: readOnly)
        } catch let error as ConfigurationError {
            throw CommandFailure.usage("configuration: \(error)")
        } catch let error as RuntimeError {
            // A database upgraded by a newer AccountLink is refused before anything is written.
            throw CommandFailure(code: Self.exitCode(error), message: error.description)
        }
    }

    /// Refuses (exit 66) a SQLite database or generated master key that is not there.
    func requireExistingData() throws {
        do { try Runtime.requireExisting(try configuration()) } catch let error as RuntimeError {
            throw CommandFailure(code: Self.exitCode(error), message: error.description)
        }
    }

    static func exitCode(_ error: RuntimeError) -> ExitCode {
        error.isMissing ? .noInput : error.isSchemaTooNew ? .dataError : .unavailable
    }
}
