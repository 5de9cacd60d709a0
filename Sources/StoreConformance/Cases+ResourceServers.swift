import OAuthCore

extension StoreConformance {
    /// The resource-server mark (RFC 7662 §4; docs/smart-home-fulfillment.md) is kept by every backend.
    static let resourceServerCases: [ConformanceCase] = [
        ConformanceCase("clients: the resource-server and client-credentials marks round-trip") { s in
            var fulfillment = Fixture.client("fulfillment")
            fulfillment.resourceServer = true
            fulfillment.clientCredentials = true
            try s.insertClient(fulfillment)
            try s.insertClient(Fixture.client("google"))
            try expectEqual(try s.client(id: "fulfillment")?.resourceServer, true, "resource server")
            try expectEqual(try s.client(id: "google")?.resourceServer, false, "ordinary client")
            try expectEqual(try s.listClients().map(\.resourceServer), [true, false], "listClients")
            try expectEqual(try s.client(id: "fulfillment"), fulfillment, "every field")
            try expectEqual(try s.client(id: "google")?.clientCredentials, false, "client_credentials off")
        },
    ]
}
