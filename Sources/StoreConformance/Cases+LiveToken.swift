import OAuthCore

extension StoreConformance {
    /// TokenPathStore (Sources/OAuthCore/Storage/TokenPathStore.swift): "live" is
    /// `TokenRecord.isUsable(at:)` plus an active account, whether a store says it in Swift or in SQL.
    static let liveTokenCases: [ConformanceCase] = [
        ConformanceCase("live token: an access and a refresh token come back with their account") { s in
            let grant = try Fixture.linked(s)
            let access = Fixture.token("live-access", .access, grant: grant)
            let refresh = Fixture.token("live-refresh", .refresh, grant: grant, expiresAt: nil)
            try s.insertToken(access)
            try s.insertToken(refresh)
            let account = try s.account(id: grant.accountID)
            for record in [access, refresh] {
                let live = try s.liveToken(hash: record.hash, at: Fixture.time(10))
                try expectEqual(live?.record, record, "\(record.kind) record")
                try expectEqual(live?.account, account, "\(record.kind) account")
            }
            try expectNil(try s.liveToken(hash: "unknown", at: Fixture.time(10)), "an unknown hash")
        },
        ConformanceCase("live token: a revoked token and a token of a revoked grant are not live") { s in
            let grant = try Fixture.linked(s)
            let other = try Fixture.linked(s, client: "other", grant: "other-grant")
            try s.insertToken(Fixture.token("revoked", .access, grant: grant))
            try s.insertToken(Fixture.token("sibling", .refresh, grant: grant, expiresAt: nil))
            try s.insertToken(Fixture.token("of-grant", .refresh, grant: other, expiresAt: nil))
            _ = try s.revokeToken(hash: "revoked", at: Fixture.time(5))
            _ = try s.revokeGrant(id: other.id, at: Fixture.time(5))
            try expectNil(try s.liveToken(hash: "revoked", at: Fixture.time(10)), "revoked token")
            try expectNil(try s.liveToken(hash: "of-grant", at: Fixture.time(10)), "token of a revoked grant")
            try expect(try s.liveToken(hash: "sibling", at: Fixture.time(10)) != nil, "its sibling is still live")
        },
        ConformanceCase("live token: live until one second before expiresAt, not at it") { s in
            let grant = try Fixture.linked(s)
            let record = Fixture.token("expiring", .access, grant: grant, expiresAt: Fixture.time(100))
            try s.insertToken(record)
            for (second, live) in [(1, true), (99, true), (100, false), (101, false)] {
                try expectEqual(record.isUsable(at: Fixture.time(second)), live, "isUsable at \(second)")
                try expectEqual(
                    try s.liveToken(hash: "expiring", at: Fixture.time(second)) != nil, live, "live at \(second)")
            }
        },
        ConformanceCase("live token: not live while the account is disabled or deleted, live when active") { s in
            let grant = try Fixture.linked(s)
            try s.insertToken(Fixture.token("t", .refresh, grant: grant, expiresAt: nil))
            var account = Fixture.account(grant.accountID)
            for status in [Account.Status.disabled, .deleted, .active] {
                account.status = status
                try s.updateAccount(account)
                let live = try s.liveToken(hash: "t", at: Fixture.time(10))
                try expectEqual(live != nil, status == .active, "account \(status)")
                try expectEqual(live?.account.status, status == .active ? .active : nil, "account \(status)")
            }
        },
        ConformanceCase("live token: the store's rule gives isUsable(at:) and an active account's answers") { s in
            let table = try liveTable(s)
            for (record, account) in table {
                let expected = record.isUsable(at: tableNow) && account.status == .active
                try expectEqual(
                    try s.liveToken(hash: record.hash, at: tableNow) != nil, expected, "liveToken \(record.hash)")
                let child = Fixture.token("child-\(record.hash)", .access, grant: parentGrant(record))
                try expectEqual(
                    try awaited { try await s.insertToken(child, whileLive: record.hash, at: tableNow) }, expected,
                    "insertToken whileLive \(record.hash)")
                try expectEqual(try s.token(hash: child.hash), expected ? child : nil, "child of \(record.hash)")
            }
        },
        ConformanceCase("live token: insertToken(whileLive:) writes the token under a live refresh token") { s in
            let grant = try Fixture.linkedWithRefreshToken(s)
            let access = Fixture.token("new-access", .access, grant: grant)
            try expect(try awaited { try await s.insertToken(access, whileLive: "refresh", at: Fixture.time(2)) },
                       "inserted")
            try expectEqual(try s.token(hash: "new-access"), access, "stored")
            try expectEqual(try s.liveToken(hash: "new-access", at: Fixture.time(2))?.record, access, "live")
        },
        ConformanceCase("live token: insertToken(whileLive:) writes nothing under a refresh token not live") { s in
            for (reason, refreshHash, grant) in try notLiveRefreshTokens(s) {
                let access = Fixture.token("access-\(reason)", .access, grant: grant)
                try expect(
                    !(try awaited { try await s.insertToken(access, whileLive: refreshHash, at: Fixture.time(100)) }),
                    "\(reason): refused")
                try expectNil(try s.token(hash: access.hash), "\(reason): nothing written")
            }
        },
        ConformanceCase("live token: insertToken(whileLive:) with a stored hash conflicts and changes nothing") { s in
            let grant = try Fixture.linkedWithRefreshToken(s)
            let stored = Fixture.token("taken", .access, grant: grant)
            try s.insertToken(stored)
            var changed = Fixture.token("taken", .refresh, grant: grant, expiresAt: nil)
            changed.scope = ["devices"]
            let duplicate = changed
            try expectConflict("a stored hash") {
                _ = try awaited { try await s.insertToken(duplicate, whileLive: "refresh", at: Fixture.time(2)) }
            }
            try expectEqual(try s.token(hash: "taken"), stored, "the stored token is untouched")
            try expect(try s.liveToken(hash: "refresh", at: Fixture.time(2)) != nil, "the refresh token too")
        },
    ]
}
