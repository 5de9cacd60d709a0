import Events
import Foundation
import Identity
import OAuthCore
import Settings
import StorePostgres
import StoreSQL
import StoreSQLite
import Support

public struct RuntimeError: Error, CustomStringConvertible {
    public let description: String
    /// The database was made by a newer AccountLink (StoreSQL/SchemaStatus.swift): bad input data, not an outage.
    public let isSchemaTooNew: Bool
    /// A read-only command found no database or master key where the configuration points, and
    /// created none (README.md, CLI: read-only commands).
    public let isMissing: Bool
    public init(_ description: String, isSchemaTooNew: Bool = false, isMissing: Bool = false) {
        self.description = description
        self.isSchemaTooNew = isSchemaTooNew
        self.isMissing = isMissing
    }
}

/// The opened, migrated database plus what every command needs besides it.
public final class Runtime: Sendable {
    public let configuration: ServerConfiguration
    /// Composes: the opened store, whole; each service and route group is given its narrow slice of it.
    public let storage: any AccountLinkStorage
    /// What the store offers the server besides its data: its threads, request loop and gauges (StoreRuntime).
    public let storeRuntime: any StoreRuntime
    public let masterKey: [UInt8]
    public let clock: any Clock
    public let random: any RandomSource
    public let logger: Logger
    public let keyRing: SigningKeyRing
    public let identity: IdentityServices
    /// Shared by client authentication and the admin API, which forgets a client it changes.
    public let clientCache: ClientCache

    init(configuration: ServerConfiguration, storage: any AccountLinkStorage, storeRuntime: any StoreRuntime = PlainStoreRuntime(),
         masterKey: [UInt8], clock: any Clock, random: any RandomSource, logger: Logger) throws {
        self.configuration = configuration
        self.storage = storage
        self.storeRuntime = storeRuntime
        self.masterKey = masterKey
        self.clock = clock
        self.random = random
        self.logger = logger
        keyRing = SigningKeyRing(storage: storage, masterKey: masterKey, clock: clock, random: random,
                                 overlap: TimeInterval(configuration.accessTokenLifetime + 300))
        identity = try IdentityServices.make(configuration, storage: storage, masterKey: masterKey, clock: clock,
                                             random: random, logger: logger)
        clientCache = ClientCache(seconds: Double(configuration.clientCacheSeconds))
    }

    /// `existingOnly`: for commands that only read (list, show, doctor, audit): a SQLite database or a
    /// generated master key that is not there is refused (`RuntimeError.isMissing`), never created.
    public static func open(_ configuration: ServerConfiguration, logger: Logger,
                            clock: any Clock = SystemClock(), random: any RandomSource = SystemRandom(),
                            existingOnly: Bool = false) throws -> Runtime {
        if existingOnly { try requireExisting(configuration) }
        let (storage, storeRuntime) = try StorageFactory.openWithRuntime(
            configuration.database, poolSize: configuration.postgresPoolSize, logger: logger)
        let key = try MasterKey.resolve(configuration, random: random, logger: logger)
        let runtime = try Runtime(configuration: configuration, storage: storage, storeRuntime: storeRuntime,
                                  masterKey: key, clock: clock, random: random, logger: logger)
        do {
            try runtime.keyRing.checkMasterKey()
        } catch let error as SigningKeyRingError {
            throw RuntimeError(error.description)
        }
        return runtime
    }

    /// Records something for the operator; a failure to audit never fails the action itself.
    public func audit(_ kind: AuditKind, accountID: String? = nil, clientID: String? = nil, detail: String = "") {
        AuditRecorder(clock: clock, random: random).recordLoggingFailure(
            kind, accountID: accountID, clientID: clientID, detail: detail, in: storage, logger: logger)
    }
}

enum StorageFactory {
    /// `migrating: false` opens the database as it is (`migrate --check`).
    static func open(_ database: ServerConfiguration.Database, poolSize: Int, logger: Logger,
                     migrating: Bool = true) throws -> any AccountLinkStorage {
        try openWithRuntime(database, poolSize: poolSize, logger: logger, migrating: migrating).storage
    }

    /// `open`, with what the store offers the server besides its data (StoreRuntime).
    static func openWithRuntime(_ database: ServerConfiguration.Database, poolSize: Int, logger: Logger,
                                migrating: Bool = true) throws -> (storage: any AccountLinkStorage, runtime: any StoreRuntime) {
        do {
            switch database {
            case .sqlite(let path):
                try createFolder(of: path)
                let storage = try SQLiteStorage(path: path)
                if migrating { try storage.migrate() }
                return (storage, PlainStoreRuntime())
            case .postgres(let url):
                let storage = try PostgresStorage(url: url, poolSize: poolSize)
                if migrating { try storage.migrate() }
                return (storage, storage)
            }
        } catch let error as SchemaTooNew {
            throw RuntimeError("refusing to use the database: \(error)", isSchemaTooNew: true)
        } catch let error as StoreError {
            switch database {
            case .sqlite(let path): throw RuntimeError("cannot open the SQLite database \(path): \(error)")
            case .postgres: throw RuntimeError("cannot use the PostgreSQL database: \(error)")
            }
        }
    }

    private static func createFolder(of path: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw RuntimeError("cannot create the database folder \(folder.path): \(error.localizedDescription)")
        }
    }
}

extension Runtime {
    /// The SQLite file and, without `ACCOUNTLINK_MASTER_KEY`, the `master.key` beside it must exist.
    public static func requireExisting(_ configuration: ServerConfiguration) throws {
        guard case .sqlite(let path) = configuration.database else { return }
        let advice = "run this command where the server runs (its folder, or the same --database / "
            + "ACCOUNTLINK_DATABASE); `accountlink serve` or `accountlink migrate` creates a new one"
        guard FileManager.default.fileExists(atPath: path) else {
            throw RuntimeError("no database at \(path), and this command does not create one: \(advice)", isMissing: true)
        }
        let key = MasterKey.generatedFile(besides: path)
        guard configuration.masterKey != nil || FileManager.default.fileExists(atPath: key.path) else {
            throw RuntimeError("no master key at \(key.path) (and no ACCOUNTLINK_MASTER_KEY), and this command "
                               + "does not create one: \(advice)", isMissing: true)
        }
    }

    public var accounts: AccountDirectory { AccountDirectory(storage: storage, clock: clock, random: random) }

    /// Deletion with revocation at Apple when Apple's client secret is configured.
    public var deletion: AccountDeletionService { identity.deletion }
}

/// Client and scope registration, and webhook endpoints, take the runtime as their context.
extension Runtime: RegistryContext, WebhookRegistrationContext {
    /// Composes: the opened store, whole, for the registrations' contexts.
    public var store: any Storage { storage }
}
