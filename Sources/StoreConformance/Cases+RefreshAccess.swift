import Foundation
import OAuthCore

extension StoreConformance {
    /// TokenPathStore.insertAccessToken(_:refreshing:readAhead:at:), a refresh's one store call, for what the
    /// "granted access" cases leave out: a narrowed scope (AccessTokenRecipe.requestedScope) and a token the
    /// caller read ahead with the client (not read again; a revocation since the read still wins).
    static let refreshAccessCases: [ConformanceCase] = [
        ConformanceCase("refresh access: a narrowed scope is written; beyond the granted one invalid_scope, nothing written") { s in
            let grant = try Fixture.linkedWithRefreshToken(s)  // granted "openid devices"
            let narrowed = refreshRecipe("narrowed", grant.clientID, scope: "devices")
            let live = try awaited { try await s.insertAccessToken(narrowed, refreshing: "refresh", readAhead: nil, at: Fixture.time(2)) }
            try expectEqual(live?.record.scope, ["devices"], "the answer: the narrowed scope")
            try expectEqual(try s.token(hash: "narrowed")?.scope, ["devices"], "stored narrowed")
            try expectEqual(live?.record.grantID, grant.id, "under the refresh token's grant")
            for (reason, scope) in [("wider", "devices email"), ("empty", " ")] {
                let refused = refreshRecipe("refused-\(reason)", grant.clientID, scope: scope)
                do {
                    _ = try awaited { try await s.insertAccessToken(refused, refreshing: "refresh", readAhead: nil, at: Fixture.time(2)) }
                    throw ConformanceFailure("\(reason): not refused")
                } catch let error as OAuthError {
                    try expectEqual(error.code, .invalidScope, "\(reason): the recipe's refusal as it is")
                }
                try expectNil(try s.token(hash: refused.hash), "\(reason): nothing written")
            }
            let after = refreshRecipe("after", grant.clientID, scope: nil)
            try expect(try awaited { try await s.insertAccessToken(after, refreshing: "refresh", readAhead: nil, at: Fixture.time(3)) } != nil,
                       "the store still writes after a refusal")
        },
        ConformanceCase("refresh access: a token read ahead is not read again") { s in
            let grant = try Fixture.linkedWithRefreshToken(s)
            var readAhead = try s.liveToken(hash: "refresh", at: Fixture.time(2))
            readAhead?.record.scope = ["devices", "read-ahead"]  // what the caller read, marked: a second read would lose it
            let given = readAhead
            for (hash, scope, expected) in [("marked", "read-ahead", ["read-ahead"]), ("as-read", nil, ["devices", "read-ahead"])] {
                let recipe = refreshRecipe(hash, grant.clientID, scope: scope)
                let live = try awaited { try await s.insertAccessToken(recipe, refreshing: "refresh", readAhead: given, at: Fixture.time(2)) }
                try expectEqual(live?.record.scope, expected, "\(hash): from the token read ahead")
                try expectEqual(live?.account, given?.account, "\(hash): with the account read ahead")
                try expectEqual(try s.token(hash: hash)?.scope, expected, "\(hash): stored")
            }
        },
        ConformanceCase("refresh access: a revocation after the read ahead wins and nothing is written") { s in
            try eachRevocationAfterReadAhead(s) { reason, grant, refresh, readAhead in
                for scope in [nil, "devices"] {
                    let recipe = refreshRecipe("access-\(reason)-\(scope ?? "granted")", grant.clientID, scope: scope)
                    let live = try awaited {
                        try await s.insertAccessToken(recipe, refreshing: refresh.hash, readAhead: readAhead, at: Fixture.time(4))
                    }
                    try expectNil(live, "\(reason), \(scope ?? "as granted"): refused")
                    try expectNil(try s.token(hash: recipe.hash), "\(reason), \(scope ?? "as granted"): nothing written")
                }
            }
        },
        ConformanceCase("refresh access: narrowed, the store's rule gives isUsable(at:) and an active account's answers") { s in
            for (record, account) in try liveTable(s) {
                let expected = record.kind == .refresh && record.isUsable(at: tableNow) && account.status == .active
                let recipe = refreshRecipe("narrowed-\(record.hash)", record.clientID, scope: "openid")
                let live = try awaited { try await s.insertAccessToken(recipe, refreshing: record.hash, readAhead: nil, at: tableNow) }
                try expectEqual(live?.record, expected ? try recipe.record(from: record) : nil, "from \(record.hash)")
                try expectEqual(try s.token(hash: recipe.hash) != nil, expected, "written from \(record.hash)")
            }
        },
    ]

    private static func refreshRecipe(_ hash: String, _ clientID: String, scope: String?) -> AccessTokenRecipe {
        AccessTokenRecipe(hash: hash, clientID: clientID, createdAt: Fixture.time(2), lifetime: 3600, requestedScope: scope)
    }
}
