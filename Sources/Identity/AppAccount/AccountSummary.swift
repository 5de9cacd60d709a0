import Foundation
import JOSE
import OAuthCore
import Support

extension AppAccountAPI {
    /// `GET /api/account`: `{"id","email","email_verified","name","methods":[…],"linked_clients":[…]}`.
    /// A method is `{"type","email"}`, with `picture` when Google sent one (a passkey's is described below);
    /// Apple's also says `is_private_email` and, once Apple has told
    /// us, `real_user_status` (0 unsupported, 1 unknown, 2 likely real:
    /// https://developer.apple.com/documentation/authenticationservices/asuserdetectionstatus).
    public func summary(accountID: String) throws -> JSONValue {
        let storage: any AccountStore & PasskeyStore = environment.storage
        guard let account = try storage.account(id: accountID), account.status == .active else {
            throw OAuthError(.invalidToken, "the account is not active")
        }
        let passkeys = try storage.passkeys(accountID: accountID)
        let methods = try storage.identities(accountID: accountID).map { identity in
            identity.provider == .passkey ? Self.method(passkeys.first { $0.identityID.sameBytes(identity.id) }) : Self.method(identity)
        }.filter { $0 != .null }
        let clients = try LinkedServices(environment: environment).list(accountID: accountID).map {
            JSONValue.object(["client_id": .string($0.clientID), "name": .string($0.clientName),
                              "scope": .string($0.scope.joined(separator: " "))])
        }
        return .object([
            "id": .string(account.id), "email": account.email.map(JSONValue.string) ?? .null,
            "email_verified": .bool(account.emailVerified), "name": account.displayName.map(JSONValue.string) ?? .null,
            "methods": .array(methods), "linked_clients": .array(clients),
        ])
    }

    /// A passkey method: `{"type":"passkey","id","name","created_at","last_used_at","backed_up"}` (README, Passkeys).
    static func method(_ passkey: Passkey?) -> JSONValue {
        guard let passkey else { return .null }
        return .object([
            "type": "passkey", "id": .string(passkey.credentialID), "name": .string(passkey.name),
            "created_at": .string(RFC3339.string(passkey.createdAt)),
            "last_used_at": passkey.lastUsedAt.map { .string(RFC3339.string($0)) } ?? .null,
            "backed_up": .bool(passkey.backedUp),
        ])
    }

    static func method(_ identity: LinkedIdentity) -> JSONValue {
        var method: [String: JSONValue] = [
            "type": .string(identity.provider.rawValue), "email": identity.email.map(JSONValue.string) ?? .null,
        ]
        if let picture = identity.picture { method["picture"] = .string(picture) }
        if identity.provider == .apple {
            method["is_private_email"] = .bool(identity.isPrivateEmail)
            if let status = identity.realUserStatus { method["real_user_status"] = .int(Int64(status)) }
        }
        return .object(method)
    }
}
