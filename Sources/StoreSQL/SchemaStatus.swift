/// Where a database's schema stands against the numbered migrations this binary carries
/// (docs/operations.md, Upgrades). Both stores answer with it; `migrate()` refuses a database
/// whose schema is newer than the binary instead of writing to it.
public struct SchemaStatus: Sendable, Equatable {
    /// The migration numbers recorded in the database's `schema_migrations`, ascending.
    public let applied: [Int]
    /// The migration numbers this binary knows, ascending.
    public let known: [Int]

    public init(applied: [Int], known: [Int]) {
        self.applied = applied.sorted()
        self.known = known.sorted()
    }

    /// Migrations this binary would apply.
    public var pending: [Int] { known.filter { !applied.contains($0) } }

    /// The database was upgraded by a newer AccountLink: it records a migration above every one known here.
    public var isNewerThanBinary: Bool { (applied.last ?? 0) > (known.last ?? 0) }

    /// Throws `SchemaTooNew` when the database is newer than this binary.
    public func requireNotNewer() throws {
        guard isNewerThanBinary else { return }
        throw SchemaTooNew(databaseVersion: applied.last ?? 0, binaryVersion: known.last ?? 0)
    }
}

/// The database was made by a newer AccountLink; an older binary must not write to it.
public struct SchemaTooNew: Error, CustomStringConvertible, Sendable {
    public let databaseVersion: Int
    public let binaryVersion: Int

    public var description: String {
        "the database has schema version \(databaseVersion), newer than this binary knows (\(binaryVersion)): "
            + "it was upgraded by a newer AccountLink; run that version, or restore a backup made before the upgrade"
    }
}
