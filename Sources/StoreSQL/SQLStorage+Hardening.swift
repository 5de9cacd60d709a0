import Foundation
import OAuthCore

extension SQLStorage {
    /// Rows are created, then locked in key order (PostgreSQL: the no-op UPDATE holds the row locks
    /// until COMMIT, and each later statement reads the latest committed values; SQLite: BEGIN
    /// IMMEDIATE holds the write lock), so check and count are one step across instances.
    public func takeLoginAttempt(keys: [String], policy: LoginThrottlePolicy, at time: Date) throws -> Bool {
        let sorted = Array(Set(keys)).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return try atomic { c in
            var records: [LoginAttemptRecord] = []
            for key in sorted {
                try c.insert(
                    "INSERT INTO login_attempts (key, failures, last_failure, blocked_until) VALUES ($1, 0, $2, 0) ON CONFLICT DO NOTHING",
                    [.text(key), .date(time)])
                try c.run("UPDATE login_attempts SET failures = failures WHERE key = $1", [.text(key)])
                records += try Self.loginAttempt(c, key)
            }
            guard records.allSatisfy({ $0.blockedUntil <= time }) else { return false }
            for var record in records {
                record.failures += 1
                if let until = policy.blockedUntil(failures: record.failures, at: time) { record.blockedUntil = until }
                try c.run(
                    "UPDATE login_attempts SET failures = $2, last_failure = $3, blocked_until = $4 WHERE key = $1",
                    [.text(record.key), .int(record.failures), .date(time), .date(record.blockedUntil)])
            }
            return true
        }
    }

    public func loginSucceeded(clearedKey: String, returnedKeys: [String], policy: LoginThrottlePolicy) throws {
        try atomic { c in
            try c.run("DELETE FROM login_attempts WHERE key = $1", [.text(clearedKey)])
            for key in returnedKeys {
                try c.run(
                    """
                    UPDATE login_attempts SET failures = CASE WHEN failures > 0 THEN failures - 1 ELSE 0 END,
                    blocked_until = CASE WHEN failures - 1 < $2 THEN 0 ELSE blocked_until END WHERE key = $1
                    """, [.text(key), .int(policy.freeFailures)])
            }
        }
    }

    public func loginAttempts(key: String) throws -> LoginAttemptRecord? {
        try access { try Self.loginAttempt($0, key) }.first
    }

    public func purgeLoginAttempts(before time: Date) throws {
        try access {
            try $0.run("DELETE FROM login_attempts WHERE last_failure < $1 AND blocked_until <= $1", [.date(time)])
        }
    }

    private static func loginAttempt(_ c: any SQLConnection, _ key: String) throws -> [LoginAttemptRecord] {
        try c.query("SELECT key, failures, last_failure, blocked_until FROM login_attempts WHERE key = $1", [.text(key)]) {
            LoginAttemptRecord(key: try $0.text(0), failures: try $0.int(1), lastFailure: try $0.date(2),
                               blockedUntil: try $0.date(3))
        }
    }

    public func recordRefreshLineage(child: String, parent: String, at time: Date) throws {
        try access {
            try $0.insert(
                "INSERT INTO refresh_lineage (hash, parent_hash, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
                [.text(child), .text(parent), .date(time)])
        }
    }

    /// The presented token's children and siblings are locked first (no-op UPDATE), so a sibling or a
    /// child used at the same time is serialised with this use; then one count and the mark.
    public func useRefreshToken(hash: String, at time: Date) throws -> Bool {
        try atomic { c in
            let parent = try c.query("SELECT parent_hash FROM refresh_lineage WHERE hash = $1", [.text(hash)], {
                try $0.text(0)
            }).first
            let family: [SQLValue] = [.text(hash), parent.map { .text($0) } ?? .null]
            try c.run("UPDATE refresh_lineage SET parent_hash = parent_hash WHERE parent_hash = $1 OR parent_hash = $2", family)
            let laterUsed = try c.query(
                """
                SELECT COUNT(*) FROM refresh_lineage WHERE used_at IS NOT NULL
                AND (parent_hash = $1 OR (parent_hash = $2 AND hash <> $1))
                """, family) { try $0.int(0) }.first ?? 0
            try c.run("UPDATE refresh_lineage SET used_at = $2 WHERE hash = $1 AND used_at IS NULL", [.text(hash), .date(time)])
            return laterUsed == 0
        }
    }

    public func takeInteraction(id: String) throws -> Interaction? {
        try access {
            try $0.query("DELETE FROM interactions WHERE id = $1 RETURNING \(Columns.interaction)", [.text(id)]) {
                try $0.interaction()
            }
        }.first
    }
}
