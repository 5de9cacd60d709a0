import OAuthCore

extension StoreConformance {
    /// docs/performance.md, The token path: a client and the token it presents, read in one step
    /// (`client(id:liveToken:at:)`), give exactly what `client(id:)` and `liveToken(hash:at:)` give one
    /// after the other.
    static let clientTokenCases: [ConformanceCase] = [
        ConformanceCase("token path: a client and its live token in one step, each found or missing alone") { s in
            let grant = try Fixture.linked(s)
            let token = Fixture.token("live", .access, grant: grant)
            try s.insertToken(token)
            let now = Fixture.time(10)
            let both = try s.client(id: "google", liveToken: "live", at: now)
            try expectEqual(both.client, Fixture.client("google"), "the client")
            try expectEqual(both.token, LiveToken(record: token, account: Fixture.account("acct")), "the token")
            try expectEqual(try s.client(id: "nobody", liveToken: "live", at: now).client, nil, "unknown client")
            try expectEqual(try s.client(id: "nobody", liveToken: "live", at: now).token?.record, token, "token alone")
            try expectEqual(try s.client(id: "google", liveToken: "unknown", at: now).token, nil, "unknown token")
            try expectEqual(
                try s.client(id: "google", liveToken: "unknown", at: now).client?.id, "google", "client alone")
            try expectEqual(
                try s.client(id: "nobody", liveToken: "unknown", at: now), ClientAndLiveToken(client: nil, token: nil),
                "neither")
        },
        ConformanceCase("token path: a client's token read with it is live by the rule of liveToken") { s in
            let grant = try Fixture.linked(s)
            try s.insertToken(Fixture.token("expiring", .refresh, grant: grant, expiresAt: Fixture.time(100)))
            try s.insertToken(Fixture.token("endless", .refresh, grant: grant, expiresAt: nil))
            try s.insertToken(Fixture.token("revoked", .access, grant: grant))
            _ = try s.revokeToken(hash: "revoked", at: Fixture.time(5))
            for (hash, second, live) in [
                ("expiring", 99, true), ("expiring", 100, false), ("endless", 1_000_000, true), ("revoked", 10, false),
            ] {
                let both = try s.client(id: "google", liveToken: hash, at: Fixture.time(second))
                try expectEqual(both.token != nil, live, "\(hash) at \(second)")
                try expectEqual(both.token, try s.liveToken(hash: hash, at: Fixture.time(second)), "as liveToken")
                try expectEqual(both.client?.id, "google", "the client whatever the token")
            }
            var account = try s.account(id: "acct")!
            account.status = .disabled
            try s.updateAccount(account)
            let disabled = try s.client(id: "google", liveToken: "endless", at: Fixture.time(10))
            try expectEqual(disabled.token, nil, "a token of an account that is not active")
            try expectEqual(disabled.client?.id, "google", "its client still")
        },
    ]
}
