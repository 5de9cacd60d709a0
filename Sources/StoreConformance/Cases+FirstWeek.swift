import OAuthCore

extension StoreConformance {
    /// A client's web origins (docs/operations.md, OpenID Connect details: CORS).
    static let firstWeekCases: [ConformanceCase] = [
        ConformanceCase("clients: web origins round-trip in order, none by default") { s in
            var web = Fixture.client("web")
            web.webOrigins = ["https://app.example", "http://localhost:5173"]
            try s.insertClient(web)
            try s.insertClient(Fixture.client("plain"))
            try expectEqual(try s.client(id: "web")?.webOrigins, web.webOrigins, "both origins, in order")
            try expectEqual(try s.client(id: "plain")?.webOrigins, [], "none")
            try expectEqual(try s.listClients().first { $0.id == "web" }, web, "every field in the list")
        },
    ]
}
