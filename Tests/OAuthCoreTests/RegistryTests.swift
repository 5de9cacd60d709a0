import Foundation
import OAuthCore
import StoreMemory
import Support
import Synchronization
import Testing

/// The operator's registrations (OAuthCore/Registry), one owner for `accountlink client|scope` and the
/// admin API: the scopes a client may be given and the names a custom scope may not take come from
/// ScopeRules, and a removed client is forgotten and audited.
@Suite struct RegistryTests {
    final class Context: RegistryContext {
        let store: any Storage = MemoryStorage()
        let clock: any Clock = ManualClock()
        let random: any RandomSource = SeededRandom(seed: 7)
        let clientCache = ClientCache(seconds: 60)
        let keyRing: SigningKeyRing
        let audited = Mutex<[(kind: AuditKind, clientID: String?, detail: String)]>([])

        init() {
            keyRing = SigningKeyRing(storage: store, masterKey: [UInt8](repeating: 7, count: 32), clock: clock,
                                     random: random, overlap: 600)
        }

        func audit(_ kind: AuditKind, accountID: String?, clientID: String?, detail: String) {
            audited.withLock { $0.append((kind, clientID, detail)) }
        }
    }

    static func registration(scopes: [String]) -> ClientRegistration {
        var registration = ClientRegistration(id: "thermostat", name: "Thermostat")
        registration.redirectURIs = ["https://thermostat.example/cb"]
        registration.scopes = scopes
        return registration
    }

    @Test func aClientIsGivenOnlyScopesTheServerKnows() throws {
        let context = Context()
        #expect(ScopeRules.firstUnknown(["openid", "offline_access", "thermostat.write"], custom: []) == "thermostat.write")
        do {
            _ = try Self.registration(scopes: ["openid", "thermostat.write"]).register(context, actor: "test")
            Issue.record("an unknown scope was registered")
        } catch {
            #expect(error.message.contains("unknown scope thermostat.write"))
            #expect(error.message.contains("offline_access"), "the known scopes are named")
        }
        _ = try ScopeCatalog.add(name: "thermostat.write", descriptions: ["en": "change the temperature"], context, actor: "test")
        let (client, secret) = try Self.registration(scopes: ["openid", "thermostat.write"]).register(context, actor: "test")
        #expect(client.scopes == ["openid", "thermostat.write"])
        #expect(try #require(secret).count >= 32, "a confidential client gets a generated secret")
    }

    @Test(arguments: ["openid", "email", "profile", "devices", "offline_access"])
    func aCustomScopeMayNotTakeAServerScopesName(name: String) {
        #expect(ScopeRules.reserved.contains(name))
        #expect(throws: ScopeCatalog.Failure.self) {
            try ScopeCatalog.add(name: name, descriptions: ["en": "text"], Context(), actor: "test")
        }
    }

    @Test func removingAClientIsAuditedOnceAndSaysWhetherThereWasOne() throws {
        let context = Context()
        _ = try Self.registration(scopes: []).register(context, actor: "test")
        #expect(try ClientRegistration.remove(id: "thermostat", context, actor: "cli"))
        #expect(try context.store.client(id: "thermostat") == nil)
        #expect(try !ClientRegistration.remove(id: "thermostat", context, actor: "cli"))
        let removals = context.audited.withLock { $0.filter { $0.kind == .clientRemoved } }
        #expect(removals.count == 1)
        #expect(removals.first?.clientID == "thermostat" && removals.first?.detail == "by cli")
    }
}

/// Where a sign-in page may send the browser next (OAuthCore/Checks/LocalPath.swift, RFC 9700 §4.11).
@Suite struct LocalPathTests {
    @Test(arguments: ["/", "/account", "/account?changed=email", "/a/b"])
    func pathsOnThisServerPass(path: String) { #expect(LocalPath.isLocal(path)) }

    @Test(arguments: ["", "account", "//evil.example", "/\\evil.example", "/\t/evil.example", "/\n/evil.example",
                      "https://evil.example/", "/\u{7F}", String(repeating: "/a", count: 1024)])
    func anythingElseIsRefused(path: String) {
        #expect(!LocalPath.isLocal(path))
        #expect(LocalPath.next(path) == "/account", "a refused next falls back to the account page")
    }

    @Test func aLocalNextIsKept() {
        #expect(LocalPath.next("/account?changed=email") == "/account?changed=email")
        #expect(LocalPath.next(nil) == "/account")
        #expect(LocalPath.next(nil, otherwise: "/login") == "/login")
    }
}
