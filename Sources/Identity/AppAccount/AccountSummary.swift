import Foundation
import JOSE
import OAuthCore
import Support

extension AppAccountAPI {
    /// `GET /api/account`: `{"id","email","email_verified","name","methods":[…],"linked_clients":[…]}`.
    /// A method is `{"type","email"}`, with `picture` when Google sent one; Apple's also says `is_private_email` and, once Apple has told
    /// us, `real_user_status` (0 unsupported, 1 unknown, 2 likely real:
    /// https://developer.apple.com/documentation/authenticationservices/asuserdetectionstatus).
    public func summary(accountID: String) throws -> JSONValue {
        let storage = environment.storage
        guard let account = try storage.account(id: accountID), account.status == .active else {
            throw OAuthError(.invalidToken, "the account is not active")
        }
        let methods = try storage.identities(accountID: accountID).map(Self.method)
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

    static func method(_ identity: OAuthCore.Identity) -> JSONValue {
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
