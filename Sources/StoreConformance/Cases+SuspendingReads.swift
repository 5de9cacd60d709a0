import OAuthCore

extension StoreConformance {
    /// The suspending reads of the token path (`readLiveToken`, both `readClient`s, `readPing`; PostgreSQL sends
    /// them through its reader, the others answer as the blocking calls do) give exactly the blocking
    /// calls' answers, for every kind of token the rule of "live" tells apart, on the store and inside a
    /// transaction on it (where PostgreSQL reads on the transaction's connection and sees its writes).
    static let suspendingReadCases: [ConformanceCase] = [
        ConformanceCase("suspending reads: readLiveToken and readClient answer as liveToken and client") { s in
            var hashes = try notLiveRefreshTokens(s).map(\.1)  // each reason not to be live at 100
            let grant = try Fixture.linked(s, account: "acct-live", grant: "grant-live")
            try s.insertToken(Fixture.token("live-access", .access, grant: grant))
            hashes.append("live-access")
            for second in [10, 100] {
                let now = Fixture.time(second)
                for hash in hashes {
                    let live = try s.liveToken(hash: hash, at: now)
                    try expectEqual(try awaited { try await s.readLiveToken(hash: hash, at: now) }, live, "\(hash) at \(second)")
                    for client in ["google", "nobody"] {
                        try expectEqual(
                            try awaited { try await s.readClient(id: client, liveToken: hash, at: now) },
                            try s.client(id: client, liveToken: hash, at: now), "\(client) and \(hash) at \(second)")
                    }
                }
            }
            try expect(try s.liveToken(hash: "live-access", at: Fixture.time(10)) != nil, "a live token among them")
            for client in ["google", "nobody"] {
                try expectEqual(try awaited { try await s.readClient(id: client) }, try s.client(id: client), client)
            }
            try expect(try s.client(id: "google") != nil, "a known client among them")
            try awaited { try await s.readPing() }
        },
        ConformanceCase("suspending reads: inside a transaction they see its writes") { s in
            let grant = try Fixture.linked(s)
            let token = Fixture.token("written-here", .access, grant: grant)
            let seen = try s.transaction { tx in
                try tx.insertToken(token)
                return try awaited { try await tx.readLiveToken(hash: "written-here", at: Fixture.time(10))?.record }
            }
            try expectEqual(seen, token, "the transaction's own insert")
        },
    ]
}
