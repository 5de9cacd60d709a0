import Foundation
import HTTPServer
import Identity
import OAuthCore
import Operations
import Support

extension AdminAPI {
    struct NewUser: AdminBody {
        let email: String
        var name: String?
        let password: String
        static let members: Set<String> = ["email", "name", "password"]
        static let shape = "a JSON object with email and password"
    }

    /// `PATCH /admin/users/{id}`: each member given replaces that field.
    struct UserChange: AdminBody {
        var email: String?
        var name: String?
        static let members: Set<String> = ["email", "name"]
        static let shape = "a JSON object with email and/or name"
    }

    struct NewPassword: AdminBody {
        let password: String
        static let members: Set<String> = ["password"]
        static let shape = "a JSON object with password"
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
        case ("PATCH", 1, _): return try changeUser(path[0], request)
        case ("DELETE", 1, _): return try await deleteUser(path[0])
        case ("POST", 2, "disable"): return try setStatus(path[0], disabled: true)
        case ("POST", 2, "enable"): return try setStatus(path[0], disabled: false)
        case ("POST", 2, "password"): return try setPassword(path[0], request)
        case ("GET", 2, "grants"):
            let grants = try runtime.storage.activeGrants(accountID: try account(path[0]).id)
            return Self.ok(grants.map {
                GrantView(id: $0.id, client_id: $0.clientID, scope: $0.scope, created_at: RFC3339.string($0.createdAt))
            })
        case (_, 0, _), (_, 1, _), (_, 2, "disable"), (_, 2, "enable"), (_, 2, "grants"), (_, 2, "password"):
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

    /// The most accounts one page holds, and the page size when `limit` is absent.
    static let userPageLimit = 1000

    /// `GET /admin/users?limit=N&after=ID`: ordered by id, at most N after ID; `?email=` finds one account.
    func listUsers(_ request: HTTPRequest) throws -> HTTPResponse {
        let storage = runtime.storage
        let accounts: [Account]
        if let email = request.query["email"] {
            accounts = try storage.account(email: email).map { [$0] } ?? []
        } else {
            var limit = Self.userPageLimit
            if let text = request.query["limit"] {
                guard let number = Int(text), (1...Self.userPageLimit).contains(number) else {
                    throw AdminFailure.invalid("limit must be a whole number from 1 to \(Self.userPageLimit)")
                }
                limit = number
            }
            accounts = try storage.listAccounts(after: request.query["after"], limit: limit)
        }
        return Self.ok(try accounts.map { try UserView($0, storage: storage) })
    }

    func addUser(_ request: HTTPRequest) throws -> HTTPResponse {
        let body = try Self.body(request, NewUser.self)
        do {
            // The one owner of what a new password account is (AccountDirectory): the same rules as sign-up.
            let account = try runtime.accounts.createPasswordAccount(email: body.email, name: body.name,
                                                                     password: body.password, actor: Self.actor)
            return Self.ok(try UserView(account, storage: runtime.storage), status: 201)
        } catch AccountDirectory.Failure.emailTaken {
            throw AdminFailure(409, "conflict", "an account with that email already exists")
        } catch AccountDirectory.Failure.invalidEmail {
            throw AdminFailure.invalid("email is not an email address")
        } catch AccountDirectory.Failure.password(let violation) {
            throw AdminFailure.invalid(violation.sentence)
        }
    }

    func changeUser(_ id: String, _ request: HTTPRequest) throws -> HTTPResponse {
        let body = try Self.body(request, UserChange.self)
        do {
            let account = try OperatorProfileFlow(context: runtime.accountFlows)
                .update(accountID: id, email: body.email, name: body.name, actor: Self.actor)
            return Self.ok(try UserView(account, storage: runtime.storage))
        } catch OperatorProfileFlow.Failure.accountUnavailable {
            throw AdminFailure.notFound("user \(id)")
        } catch OperatorProfileFlow.Failure.invalidEmail {
            throw AdminFailure.invalid("email is not an email address")
        } catch OperatorProfileFlow.Failure.emailTaken {
            throw AdminFailure(409, "conflict", "an account with that email already exists")
        }
    }

    /// As `accountlink user set-password`: the password policy of sign-up, every sign-in ended, a notice mailed.
    func setPassword(_ id: String, _ request: HTTPRequest) throws -> HTTPResponse {
        let body = try Self.body(request, NewPassword.self)
        let account = try account(id)
        do {
            try PasswordChangeFlow(context: runtime.accountFlows).setByOperator(accountID: account.id,
                                                                                newPassword: body.password)
        } catch PasswordChangeFlow.Failure.password(let violation) {
            throw AdminFailure.invalid(violation.sentence)
        } catch PasswordChangeFlow.Failure.accountUnavailable {
            throw AdminFailure.notFound("user \(id)")
        }
        return Self.ok(try UserView(try self.account(id), storage: runtime.storage))
    }

    func deleteUser(_ id: String) async throws -> HTTPResponse {
        let account = try account(id)
        _ = try await runtime.deletion.delete(accountID: account.id, requestedBy: Self.actor)
        return .empty(204)
    }

    /// The CLI's flow (AccountStatusFlow, the one owner): status, sessions ended, links voided and the
    /// audit entry in one transaction.
    func setStatus(_ id: String, disabled: Bool) throws -> HTTPResponse {
        let account = try account(id)
        guard try AccountStatusFlow(context: runtime.accountFlows).setDisabled(disabled, accountID: account.id,
                                                                               actor: Self.actor)
        else { throw AdminFailure.notFound("user \(id)") }
        return Self.ok(try UserView(try self.account(id), storage: runtime.storage))
    }

    func revokeGrant(_ id: String) throws -> HTTPResponse {
        guard try EventOutbox.revokeGrant(id: id, by: Self.actor, in: runtime.storage, at: runtime.clock.now(),
                                          random: runtime.random)
        else { throw AdminFailure.notFound("active grant \(id)") }
        return .empty(204)
    }
}
