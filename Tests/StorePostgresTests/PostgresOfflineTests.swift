import Foundation
import OAuthCore
import Synchronization
import Testing

@testable import StorePostgres

/// Checks that need no server: URL parsing, BYTEA text format, and an unreachable server.
@Suite struct PostgresOfflineTests {
    @Test func urlBecomesQuotedConninfo() throws {
        let info = try PostgresURL.conninfo(
            "postgres://al%40x:p%27w%20d@db.local:5433/accountlink?sslmode=require")
        #expect(
            info
                == #"host='db.local' port='5433' user='al@x' password='p\'w d' dbname='accountlink' sslmode='require' connect_timeout='5'"#
                + #" keepalives_idle='30' keepalives_interval='10' keepalives_count='3' tcp_user_timeout='30000'"#
        )
    }

    /// A URL's own value wins over a default, which is then not repeated.
    @Test func theURLsOwnTimeoutsWin() throws {
        let info = try PostgresURL.conninfo("postgres://u:p@h/db?connect_timeout=2&tcp_user_timeout=0")
        #expect(info.contains("connect_timeout='2'") && !info.contains("connect_timeout='5'"))
        #expect(info.contains("tcp_user_timeout='0'") && !info.contains("tcp_user_timeout='30000'"))
        #expect(info.contains("keepalives_idle='30'"))
    }

    @Test(arguments: ["mysql://u@h/db", "not a url", "http://h/db"])
    func otherSchemesAreRejected(url: String) {
        #expect(throws: StoreError.self) { try PostgresURL.conninfo(url) }
    }

    /// A merged read (PGReader.Job.mergedSQL): each `$k` becomes the k-th array's element, `$12` whole, a
    /// `$` not followed by a digit stays; the arrays are typed as asked; the ordinal comes first.
    @Test func aMergedReadReadsItsParametersFromTheArrays() {
        let types = ["TEXT"] + Array(repeating: "BIGINT", count: 11)
        let sql = PGReader.Job.mergedSQL("SELECT a FROM t WHERE b = $1 AND c > $12 AND d = '$x$'", types)
        #expect(sql.contains("(SELECT a FROM t WHERE b = p.p1 AND c > p.p12 AND d = '$x$')"))
        #expect(sql.hasPrefix("SELECT p.ordinal, s.* FROM unnest(CAST($1 AS TEXT[]), CAST($2 AS BIGINT[]), "))
        #expect(sql.contains("CAST($12 AS BIGINT[])) WITH ORDINALITY AS p(p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, ordinal)"))
        let body = sql.components(separatedBy: "LATERAL").last ?? ""
        #expect(!body.contains("$1") && body.contains("$x$"), "no parameter is left in the body: \(body)")
    }

    @Test func byteaHexRoundTrip() throws {
        let bytes: [UInt8] = [0, 1, 0x7F, 0x80, 0xFE, 0xFF]
        #expect(Hex.bytea(bytes) == #"\x00017f80feff"#)
        #expect(try Hex.decodeBytea(Hex.bytea(bytes)) == bytes)
        #expect(try Hex.decodeBytea(#"\x"#) == [])
        #expect(throws: StoreError.self) { try Hex.decodeBytea("00ff") }
    }

    /// A server that cannot be reached is transient (`.unavailable` → 5xx), never a conflict.
    @Test func unreachableServerIsUnavailable() {
        #expect {
            try PostgresStorage(url: "postgres://nobody:pw@127.0.0.1:1/none?connect_timeout=2")
        } throws: { error in
            guard case StoreError.unavailable = error else { return false }
            return true
        }
    }

    @Test func sqlStatesMapToStoreErrors() {
        #expect(PGConnection.error(state: "23505", healthy: true, "") == .conflict("postgres 23505: "))
        #expect(PGConnection.error(state: "40001", healthy: true, "") == .unavailable("postgres 40001: "))
        #expect(PGConnection.error(state: "57P01", healthy: true, "") == .unavailable("postgres 57P01: "))
        #expect(
            PGConnection.error(state: "42601", healthy: false, "x")
                == .unavailable("postgres connection lost: x"))
        #expect(PGConnection.error(state: "42601", healthy: true, "") == .corrupt("postgres 42601: "))
    }
}

/// Runs closures on separate threads at once and rethrows the first error.
enum StoreConformanceRace {
    static func all(_ bodies: [@Sendable () throws -> Void]) throws {
        let errors = Mutex<[any Error]>([])
        DispatchQueue.concurrentPerform(iterations: bodies.count) { index in
            do { try bodies[index]() } catch { errors.withLock { $0.append(error) } }
        }
        if let first = errors.withLock({ $0.first }) { throw first }
    }
}
