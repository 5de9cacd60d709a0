import Foundation
import HTTPServer
import Identity
import OAuthCore
import Support

extension AdminAPI {
    struct NewUser: Decodable {
        let email: String
        var name: String?
        let password: String
    }

    struct GrantView: Encodable {
        let id: String
        let client_id: String
        let scope: [String]
        let created_at: String
    }

    func users(_ request: HTTPRequest, _ path: [String]) async throws -> HTTPResponse {
        switch (request.method, path.count, path.last) {
        case ("GET", 0, _): return try listUsers(request)
        case ("POST", 0, _): return try addUser(request)
        case ("GET", 1, _): return Self.ok(try UserView(try account(path[0]), storage: runtime.storage))
        case ("DELETE", 1, _): return try await deleteUser(path[0])
        case ("POST", 2, "disable"): return try setStatus(path[0], .disabled)
        case ("POST", 2, "enable"): return try setStatus(path[0], .active)
        case ("GET", 2, "grants"):
            let grants = try runtime.storage.activeGrants(accountID: try account(path[0]).id)
            return Self.ok(grants.map {
                GrantView(id: $0.id, client_id: $0.clientID, scope: $0.scope, created_at: RFC3339.string($0.createdAt))
            })
        case (_, 0, _), (_, 1, _), (_, 2, "disable"), (_, 2, "enable"), (_, 2, "grants"):
            throw AdminFailure(405, "method_not_allowed", "\(request.method) is not allowed here")
        default: throw AdminFailure.notFound("such user resource")
        }
    }

    /// A non-deleted account by id.
    func account(_ id: String) throws -> Account {
        guard let account = try runtime.storage.account(id: id), account.status != .deleted else {
            throw AdminFailure.notFound("user \(id)")
        }
        return account
    }

    func listUsers(_ request: HTTPRequest) throws -> HTTPResponse {
        let storage = runtime.storage
        let accounts: [Account]
        if let email = request.query["email"] {
            accounts = try storage.account(email: email).map { [$0] } ?? []
        } else {
            accounts = try storage.listAccounts()
        }
        return Self.ok(try accounts.map { try UserView($0, storage: storage) })
    }

    func addUser(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let body = try? request.decodeJSON(NewUser.self) else {
            throw AdminFailure.invalid("the body must be a JSON object with email and password")
        }
        guard EmailAddress.isPlausible(body.email) else { throw AdminFailure.invalid("email is not an email address") }
        // The same NIST SP 800-63B rules as sign-up and `user add` (PasswordPolicy).
        do { _ = try PasswordPolicy.standard.check(body.password, email: EmailAddress.normalized(body.email)) } catch {
            throw AdminFailure.invalid(error.sentence)
        }
        do {
            let account = try runtime.accounts.createPasswordAccount(email: body.email, name: body.name,
                                                                     password: body.password)
            // AccountDirectory audits `account.created`; this records who asked for it.
            runtime.audit("admin.account.created", accountID: account.id, detail: "by \(Self.actor)")
            return Self.ok(try UserView(account, storage: runtime.storage), status: 201)
        } catch AccountDirectory.Failure.emailTaken {
            throw AdminFailure(409, "conflict", "an account with that email already exists")
        }
    }

    func deleteUser(_ id: String) async throws -> HTTPResponse {
        let account = try account(id)
        let report = try await runtime.deletion.delete(accountID: account.id)
        // The deletion service audits `account.deleted`; this records who asked for it.
        runtime.audit("admin.account.deleted", accountID: account.id, detail: "by \(Self.actor): \(report.summary)")
        return .empty(204)
    }

    /// Disabling ends every web session too; the account's tokens stop working because their
    /// checks require an active account.
    func setStatus(_ id: String, _ status: Account.Status) throws -> HTTPResponse {
        var account = try account(id)
        account.status = status
        let (now, random) = (runtime.clock.now(), runtime.random)
        // The change and its events in one transaction (docs/webhooks.md).
        try runtime.storage.transaction { tx in
            try tx.updateAccount(account)
            if status == .disabled {
                try tx.deleteSessions(accountID: account.id)
                try EventOutbox.sessionsEnded(accountID: account.id, in: tx, at: now, random: random)
            }
            let kind: AccountEvent.Kind = status == .disabled ? .accountDisabled : .accountEnabled
            try EventOutbox.record(AccountEvent(kind, accountID: account.id), in: tx, at: now, random: random)
        }
        runtime.audit(status == .disabled ? "account.disabled" : "account.enabled", accountID: account.id,
                      detail: "by \(Self.actor)")
        return Self.ok(try UserView(account, storage: runtime.storage))
    }

    func revokeGrant(_ id: String) throws -> HTTPResponse {
        guard let grant = try runtime.storage.grant(id: id),
            try EventOutbox.revokeGrant(id: id, reason: .admin, in: runtime.storage, at: runtime.clock.now(),
                                        random: runtime.random)
        else { throw AdminFailure.notFound("active grant \(id)") }
        runtime.audit("grant.revoked", accountID: grant.accountID, clientID: grant.clientID, detail: "by \(Self.actor)")
        return .empty(204)
    }
}
