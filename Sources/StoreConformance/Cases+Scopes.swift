import OAuthCore

extension StoreConformance {
    /// Custom scopes, client updates and account pages (docs/operations.md, Custom scopes and Admin API).
    static let scopeCases: [ConformanceCase] = [
        ConformanceCase("scopes: round-trip with every language, ordered by name, names unique, delete once") { s in
            let texts = ["en": "change the temperature", "de": "die Temperatur ändern", "pt-BR": "mudar a temperatura",
                         "fa": "تغییر دما", "ja": "温度を変える"]
            let write = CustomScope(name: "thermostat.write", descriptions: texts, createdAt: Fixture.time(5))
            let read = CustomScope(name: "thermostat.read", descriptions: ["en": "see \"the\" temperature"],
                                   createdAt: Fixture.time(6))
            try s.insertScope(write)
            try s.insertScope(read)
            try expectEqual(try s.listScopes(), [read, write], "both, by name, every field")
            try expectConflict("the same name again") {
                try s.insertScope(CustomScope(name: "thermostat.write", descriptions: ["en": "x"], createdAt: Fixture.time(7)))
            }
            try expect(try s.deleteScope(name: "thermostat.write"), "deleted")
            try expect(try !s.deleteScope(name: "thermostat.write"), "already gone")
            try expectEqual(try s.listScopes().map(\.name), ["thermostat.read"], "one left")
        },
        ConformanceCase("clients: update replaces the fields but the secret and time; grants and tokens stay") { s in
            try s.insertAccount(Fixture.account("a1"))
            let original = Fixture.client("web")
            try s.insertClient(original)
            let grant = Fixture.grant("g1", account: "a1", client: "web")
            try s.insertGrant(grant)
            try s.insertToken(Fixture.token("h1", .refresh, grant: grant))
            var changed = original
            changed.name = "Renamed"
            changed.redirectURIs = ["https://new.example/cb"]
            changed.scopes = ["openid"]
            changed.webOrigins = ["https://app.example"]
            changed.firstParty = true
            changed.backchannelLogoutURI = "https://rp.example/backchannel"
            changed.secretHash = "sha256:other"
            changed.createdAt = Fixture.time(99)
            try expect(try s.updateClient(changed), "updated")
            var expected = changed
            expected.secretHash = original.secretHash
            expected.createdAt = original.createdAt
            try expectEqual(try s.client(id: "web"), expected, "every field but secret and creation time")
            try expectNil(try s.grant(id: "g1")?.revokedAt, "grant still active")
            try expectNil(try s.token(hash: "h1")?.revokedAt, "token still live")
            try expect(try !s.updateClient(Fixture.client("nobody")), "absent client")
        },
        ConformanceCase("accounts: pages ordered by id, after an id, deleted ones left out") { s in
            for id in ["acc_c", "acc_a", "acc_e", "acc_b", "acc_d"] { try s.insertAccount(Fixture.account(id)) }
            _ = try s.eraseAccount(id: "acc_d", at: Fixture.time(1))
            try expectEqual(try s.listAccounts(after: nil, limit: 2).map(\.id), ["acc_a", "acc_b"], "first page")
            try expectEqual(try s.listAccounts(after: "acc_b", limit: 2).map(\.id), ["acc_c", "acc_e"], "second page")
            try expectEqual(try s.listAccounts(after: "acc_e", limit: 2).map(\.id), [], "past the end")
            try expectEqual(try s.listAccounts(after: "acc_bb", limit: 10).map(\.id), ["acc_c", "acc_e"], "after an absent id")
        },
    ]
}
