import Foundation
import OAuthCore
import Support

extension StoreConformance {
    static func webhookEndpoint(_ id: String, events: [String] = ["*"], at seconds: Int = 0) -> WebhookEndpoint {
        WebhookEndpoint(id: id, url: "http://127.0.0.1:9/\(id)", events: events, description: "für \(id)",
                        sealedSecret: [0, 1, 2, 255], createdAt: Fixture.time(seconds))
    }

    static func eventDelivery(_ id: String, endpoint: String = "we1", at seconds: Int = 0) -> EventDelivery {
        EventDelivery(id: id, kind: .webhook, endpointID: endpoint, url: "http://127.0.0.1:9/\(endpoint)",
                      eventType: "account.deleted", accountID: "a", body: #"{"type":"account.deleted","data":{"ü":1}}"#,
                      nextAttemptAt: Fixture.time(seconds), createdAt: Fixture.time(seconds))
    }

    static let eventCases: [ConformanceCase] = [
        ConformanceCase("webhook endpoints: stored, listed oldest first, removed with their deliveries") { s in
            try s.insertWebhookEndpoint(webhookEndpoint("we2", events: ["account.deleted"], at: 5))
            try s.insertWebhookEndpoint(webhookEndpoint("we1", at: 1))
            try expectConflict("duplicate id") { try s.insertWebhookEndpoint(webhookEndpoint("we1")) }
            try expectEqual(try s.webhookEndpoint(id: "we2"), webhookEndpoint("we2", events: ["account.deleted"], at: 5), "read")
            try expectEqual(try s.listWebhookEndpoints().map(\.id), ["we1", "we2"], "order")
            try s.insertEventDelivery(eventDelivery("m1", endpoint: "we1"))
            try s.insertEventDelivery(eventDelivery("m2", endpoint: "we2"))
            try expect(try s.deleteWebhookEndpoint(id: "we1"), "deleted")
            try expect(!(try s.deleteWebhookEndpoint(id: "we1")), "deleted twice")
            try expectNil(try s.eventDelivery(id: "m1"), "its delivery")
            try expectEqual(try s.eventDelivery(id: "m2")?.id, "m2", "the other endpoint's delivery")
        },
        ConformanceCase("event outbox: due in order, claimed once by compare-and-set, counted per endpoint") { s in
            try s.insertEventDelivery(eventDelivery("m2", at: 2))
            try s.insertEventDelivery(eventDelivery("m1", at: 1))
            try s.insertEventDelivery(eventDelivery("m3", endpoint: "we2", at: 9))
            try expectConflict("duplicate id") { try s.insertEventDelivery(eventDelivery("m1")) }
            try expectEqual(try s.dueEventDeliveries(at: Fixture.time(5), limit: 10).map(\.id), ["m1", "m2"], "due")
            let first = try s.eventDelivery(id: "m1")!
            try expectEqual(first, eventDelivery("m1", at: 1), "round trip")
            var claim = first
            (claim.status, claim.attempts, claim.nextAttemptAt) = (.sending, 1, Fixture.time(60))
            try expect(try s.updateEventDelivery(claim, ifUnchangedFrom: first), "claimed")
            try expect(!(try s.updateEventDelivery(claim, ifUnchangedFrom: first)), "claimed twice")
            var done = claim
            (done.status, done.lastStatusCode, done.deliveredAt) = (.delivered, 204, Fixture.time(3))
            try expect(try s.updateEventDelivery(done, ifUnchangedFrom: claim), "recorded")
            try expectEqual(try s.eventDelivery(id: "m1"), done, "recorded round trip")
            try expectEqual(try s.dueEventDeliveries(at: Fixture.time(100), limit: 10).map(\.id), ["m2", "m3"], "due after")
            try expectEqual(try s.eventDeliveries(endpointID: "we1", limit: 10).map(\.id), ["m2", "m1"], "newest first")
            try expectEqual(try s.eventDeliveryCounts(), [
                EventDeliveryCount(endpointID: "we1", status: .delivered, count: 1, oldest: Fixture.time(1)),
                EventDeliveryCount(endpointID: "we1", status: .pending, count: 1, oldest: Fixture.time(2)),
                EventDeliveryCount(endpointID: "we2", status: .pending, count: 1, oldest: Fixture.time(9)),
            ], "counts")
        },
        ConformanceCase("event outbox: an event written in a rolled-back transaction is not kept") { s in
            try s.insertAccount(Fixture.account("a"))
            try s.insertWebhookEndpoint(webhookEndpoint("we1"))
            try expectRollback {
                try s.transaction { tx in
                    try EventOutbox.record(AccountEvent(.accountDeleted, accountID: "a"), in: tx, at: Fixture.time(1),
                                           random: SeededRandom(seed: 1))
                    throw Rollback()
                }
            }
            try expectEqual(try s.dueEventDeliveries(at: Fixture.time(9), limit: 10), [], "nothing written")
            try s.transaction { tx in
                try EventOutbox.record(AccountEvent(.accountDeleted, accountID: "a"), in: tx, at: Fixture.time(1),
                                       random: SeededRandom(seed: 1))
            }
            try expectEqual(try s.dueEventDeliveries(at: Fixture.time(9), limit: 10).map(\.eventType), ["account.deleted"], "kept")
        },
        ConformanceCase("clients: the back-channel logout URI round-trips") { s in
            var client = Fixture.client("c1")
            client.backchannelLogoutURI = "https://rp.example/logout?x=ü"
            try s.insertClient(client)
            try expectEqual(try s.client(id: "c1")?.backchannelLogoutURI, "https://rp.example/logout?x=ü", "uri")
            try s.insertClient(Fixture.client("c2"))
            try expectNil(try s.client(id: "c2")?.backchannelLogoutURI, "none")
        },
    ]
}
