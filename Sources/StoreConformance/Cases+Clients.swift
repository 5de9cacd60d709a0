import Foundation
import OAuthCore

extension StoreConformance {
    static let clientCases: [ConformanceCase] = [
        ConformanceCase("clients: insert, read, duplicate id conflicts") { s in
            let client = Fixture.client("google")
            try s.insertClient(client)
            try expectEqual(try s.client(id: "google"), client, "client(id:)")
            try expectNil(try s.client(id: "nobody"), "missing client")
            try expectConflict("duplicate client id") { try s.insertClient(Fixture.client("google")) }
        },
        ConformanceCase("clients: ids are told apart by bytes (Kelvin sign K vs K)") { s in
            try s.insertClient(Fixture.client("\u{212A}elvin"))
            try expectNil(try s.client(id: "Kelvin"), "a canonically equivalent id")
            try s.insertClient(Fixture.client("Kelvin"))  // no conflict: a different id
            try expect(try s.deleteClient(id: "Kelvin", at: Date()), "delete the plain-K client")
            try expect(try s.client(id: "\u{212A}elvin") != nil, "the Kelvin-sign client stays")
        },
        ConformanceCase("clients: listClients is sorted by id") { s in
            for id in ["m", "a", "z"] { try s.insertClient(Fixture.client(id)) }
            try expectEqual(try s.listClients().map(\.id), ["a", "m", "z"], "listClients")
        },
        ConformanceCase("clients: deleteClient revokes its grants, codes and tokens only") { s in
            let mine = try Fixture.linked(s, client: "gone", grant: "g1")
            let other = try Fixture.linked(s, client: "stays", grant: "g2")
            try s.insertCode(Fixture.code("c1", grant: mine))
            try s.insertToken(Fixture.token("t1", .refresh, grant: mine, expiresAt: nil))
            try s.insertToken(Fixture.token("t2", .access, grant: other))
            try expect(try s.deleteClient(id: "gone", at: Fixture.time(99)), "deleteClient returns true")
            try expectNil(try s.client(id: "gone"), "deleted client")
            try expectEqual(try s.grant(id: "g1")?.revokedAt, Fixture.time(99), "grant of deleted client")
            try expectEqual(try s.token(hash: "t1")?.revokedAt, Fixture.time(99), "token of deleted client")
            guard case .alreadyUsed = try s.consumeCode(hash: "c1", at: Fixture.time(100)) else {
                throw ConformanceFailure("code of a deleted client is still usable")
            }
            try expectNil(try s.grant(id: "g2")?.revokedAt, "other client's grant")
            try expectNil(try s.token(hash: "t2")?.revokedAt, "other client's token")
            try expect(
                !(try s.deleteClient(id: "gone", at: Fixture.time(100))), "second deleteClient is false")
        },
    ]
}
