import OAuthCore

extension StoreConformance {
    /// docs/performance.md: each client's ID-token algorithm, and the bulk token insert `make bench` seeds with.
    static let tokenPathCases: [ConformanceCase] = [
        ConformanceCase("clients: the ID-token algorithm round-trips, RS256 by default") { s in
            var es = Fixture.client("es")
            es.idTokenSignedResponseAlg = "ES256"
            try s.insertClient(es)
            try s.insertClient(Fixture.client("rs"))
            try expectEqual(try s.client(id: "es")?.idTokenSignedResponseAlg, "ES256", "ES256 kept")
            try expectEqual(try s.client(id: "rs")?.idTokenSignedResponseAlg, "RS256", "default")
            try expectEqual(try s.client(id: "es"), es, "every field")
        },
        ConformanceCase("tokens: a bulk insert stores every record, in batches and one by one") { s in
            let grant = try Fixture.linked(s)
            // 403: two full batches of the SQL stores and a remainder inserted row by row.
            let records = (0..<403).map { Fixture.token("bulk-\($0)", $0 % 2 == 0 ? .access : .refresh, grant: grant) }
            try s.insertTokens(records)
            for index in [0, 1, 199, 200, 399, 400, 402] {
                try expectEqual(try s.token(hash: "bulk-\(index)"), records[index], "record \(index)")
            }
            try s.insertTokens([])
        },
        ConformanceCase("tokens: a bulk insert with a stored hash keeps none of its records") { s in
            let grant = try Fixture.linked(s)
            try s.insertToken(Fixture.token("taken", .access, grant: grant))
            let records = ["fresh-1", "taken", "fresh-2"].map { Fixture.token($0, .refresh, grant: grant) }
            try expectConflict("a stored hash") { try s.insertTokens(records) }
            try expectEqual(try s.token(hash: "fresh-1"), nil, "rolled back")
            try expectEqual(try s.token(hash: "taken")?.kind, .access, "the stored one is untouched")
        },
    ]
}
