import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPServer
import OAuthCore
import Support
import Testing

/// Audit entries have one owner (OAuthCore/Configuration/AuditRecorder.swift): one entry per action,
/// a kind of `AuditKind`, and inside a request the client's IP and user agent (docs/operations.md, Audit).
@Suite struct AuditRecordingTests {
    /// What every entry the recorder makes looks like; an entry built anywhere else differs.
    static func expectRecorderShape(_ events: [AuditEvent]) {
        for event in events {
            #expect(event.auditKind != nil, "kind \(event.kind) is not an AuditKind")
            #expect(event.id.count == 22, "id \(event.id) is not the recorder's 16 random bytes")
        }
    }

    /// Unlinking on `/account` records one `grant.unlink` (the flow's, in its transaction): the HTTP
    /// layer recording it a second time would make two.
    @Test func unlinkingOnTheAccountPageRecordsOneEntry() async throws {
        let app = try AppUnderTest()
        try app.addPersonAndApp()
        let storage = app.app.runtime.storage
        let account = try #require(try storage.account(email: AppUnderTest.email))
        var google = ClientRegistration(id: "google", name: "Google")
        google.redirectURIs = ["https://oauth-redirect.googleusercontent.com/r/project"]
        _ = try google.register(app.app.runtime, actor: "test")
        try storage.insertGrant(Grant(id: "grant-1", accountID: account.id, clientID: "google", scope: ["devices"],
                                      createdAt: Date()))
        let line = try await app.signIn()
        let session = [AppUnderTest.CookieName.session: String(line.dropFirst(AppUnderTest.CookieName.session.count + 1)
            .prefix { $0 != ";" })]
        let page = await app.send("GET", "/account", cookies: session)
        let token = try #require(AppUnderTest.hiddenValue("csrf_token", in: page.text))
        let before = try storage.auditEvents(limit: 1000).count
        let answer = await app.send("POST", "/account/unlink", form: [("csrf_token", token), ("grant_id", "grant-1")],
                                    cookies: session)
        #expect(answer.status == 303)
        #expect(try storage.grant(id: "grant-1")?.isActive == false)
        let events = try storage.auditEvents(limit: 1000)
        let added = events.prefix(events.count - before)
        #expect(added.map(\.kind) == ["grant.unlink"])
        #expect(added.first?.clientID == "google")
        Self.expectRecorderShape(events)
    }

    /// The entries the action adds (the store lists the newest first).
    static func added(_ storage: any AuditQueryStore & AuditStore, _ action: () async throws -> Void) async throws -> [String] {
        let before = try storage.auditEvents(limit: 1000).count
        try await action()
        let events = try storage.auditEvents(limit: 1000)
        return events.prefix(events.count - before).map(\.kind).sorted()
    }

    /// The operator's revocation and deletion through the admin API and a sign-out each add exactly their own
    /// entries, written by the flow that acts (EventOutbox.revokeGrant, AccountDeletionService, WebSessions.end):
    /// the HTTP layer recording one again would add a second.
    @Test func operatorActionsAndSignOutAreRecordedOnceByTheirFlows() async throws {
        let app = try AppUnderTest()
        try app.addPersonAndApp()
        let storage = app.app.runtime.storage
        let account = try #require(try storage.account(email: AppUnderTest.email))
        try storage.insertGrant(Grant(id: "grant-1", accountID: account.id, clientID: "app", scope: ["openid"],
                                      createdAt: Date()))
        var status = 0
        #expect(try await Self.added(storage) {
            status = await OneOwnerTests.admin(app.app, "DELETE", "/admin/grants/grant-1").status
        } == ["grant.revoked"])
        #expect(status == 204)
        #expect(try await Self.added(storage) {
            status = await OneOwnerTests.admin(app.app, "DELETE", "/admin/grants/grant-1").status
        } == [])
        #expect(status == 404)

        let line = try await app.signIn()
        let session = [AppUnderTest.CookieName.session: String(line.dropFirst(AppUnderTest.CookieName.session.count + 1)
            .prefix { $0 != ";" })]
        let token = try #require(AppUnderTest.hiddenValue("csrf_token", in: await app.send("GET", "/account", cookies: session).text))
        #expect(try await Self.added(storage) {
            status = await app.send("POST", "/logout", form: [("csrf_token", token)], cookies: session).status
        } == ["session.end"])
        #expect(status == 303)

        #expect(try await Self.added(storage) {
            status = await OneOwnerTests.admin(app.app, "DELETE", "/admin/users/\(account.id)").status
        } == ["account.deleted", "admin.account.deleted"])
        #expect(status == 204)
        Self.expectRecorderShape(try storage.auditEvents(limit: 1000))
    }

    /// Over the real HTTP server, an entry made while answering (a refused password sign-in) carries
    /// the client's address and `User-Agent`; an entry made outside a request (the CLI's) carries neither.
    @Test func anEntryMadeInARequestCarriesTheClientsIPAndUserAgent() async throws {
        let app = try AppUnderTest()
        try app.addPersonAndApp()
        let status = try await app.overLoopback { base in
            var request = URLRequest(url: base.appendingPathComponent("token"))
            request.httpMethod = "POST"
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            request.setValue("AuditTest/1.0 (écrit)", forHTTPHeaderField: "User-Agent")
            request.httpBody = Data("grant_type=password&client_id=app&username=pat%40example.com&password=wrong".utf8)
            let (_, response) = try await URLSession.shared.data(for: request)
            return (response as? HTTPURLResponse)?.statusCode
        }
        #expect(status == 400)
        let events = try app.app.runtime.storage.auditEvents(limit: 1000)
        let failure = try #require(events.first { $0.kind == AuditKind.loginFailure.rawValue })
        #expect(failure.ip == "127.0.0.1")
        #expect(failure.userAgent == "AuditTest/1.0 (écrit)")
        let added = try #require(events.first { $0.kind == AuditKind.clientAdded.rawValue })
        #expect(added.ip == nil && added.userAgent == nil)
        Self.expectRecorderShape(events)
    }

    /// The stored strings are the kinds' raw values, unchanged from the free-text kinds they replace.
    @Test func kindsKeepTheirStoredStrings() {
        #expect(AuditKind.loginFailure.rawValue == "login.failure")
        #expect(AuditKind.accountSignedOutEverywhere.rawValue == "account.signed-out-everywhere")
        #expect(AuditKind.passkeySignIn.rawValue == "passkey.sign_in")
        #expect(AuditKind.appFlipRefused(.accessDenied).rawValue == "app_flip.access_denied")
        #expect(AuditKind.appFlipRefused(.invalidScope) == .appFlipInvalidRequest)
        #expect(Set(AuditKind.allCases.map(\.rawValue)).count == AuditKind.allCases.count)
    }
}
