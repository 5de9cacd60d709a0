import OAuthCore
import StoreSQL

extension PostgresStorage {
    /// The migrations this binary carries, ascending.
    public static var knownMigrations: [Int] { PostgresMigrations.all.map(\.version) }

    /// The database's migrations against the binary's, read without changing anything.
    public func schemaStatus() throws -> SchemaStatus {
        try connection { try PostgresStorage.schemaStatus(of: $0) }
    }

    /// An empty list for a database without `schema_migrations` (a new database).
    static func schemaStatus(of db: PGConnection) throws -> SchemaStatus {
        let table = try db.query("SELECT to_regclass('schema_migrations') IS NOT NULL", [])
            .rows { try $0.optionalText(0) }
        let applied = table.first == "t"
            ? try db.query("SELECT version FROM schema_migrations", []).rows { try $0.int(0) } : []
        return SchemaStatus(applied: applied, known: knownMigrations)
    }
}
