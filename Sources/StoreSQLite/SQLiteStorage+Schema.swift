import OAuthCore
import StoreSQL

extension SQLiteStorage {
    /// The migrations this binary carries, ascending.
    public static var knownMigrations: [Int] { SQLiteMigrations.all.map(\.version) }

    /// The database's migrations against the binary's, read without changing anything.
    public func schemaStatus() throws -> SchemaStatus {
        try locked { try SQLiteStorage.schemaStatus(of: $0) }
    }

    /// An empty list for a database without `schema_migrations` (a new file).
    static func schemaStatus(of db: SQLiteConnection) throws -> SchemaStatus {
        let table = try db.query(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'", []) { _ in true }
        let applied = table.isEmpty
            ? [] : try db.query("SELECT version FROM schema_migrations", []) { try $0.int(0) }
        return SchemaStatus(applied: applied, known: knownMigrations)
    }
}
