import Foundation
import OAuthCore
import Support

/// What the account page shows of one account (docs/accounts-and-email.md, "Sessions and app sign-ins";
/// docs/passkeys.md, The web pages): its sign-in methods, the services linked to it apart from the maker's
/// own app sign-ins (listed with the sign-ins instead), its web sessions and app sign-ins, its passkeys,
/// and whether it may add a sign-in method yet (`UnprovenAccountRule`).
public struct AccountOverview: Sendable {
    public struct Method: Sendable, Equatable {
        public let id: String
        public let provider: String
        public let email: String?
    }

    public let methods: [Method]
    public let linkedServices: [LinkedService]
    public let webSessions: [SignInsFlow.WebSession]
    public let appSignIns: [SignInsFlow.AppSignIn]
    public let passkeys: [Passkey]
    public let mayAddMethods: Bool

    /// Read for `account` as seen from its `session` (which the list marks as the current one).
    public init(account: Account, session: Session, flows: AccountFlowContext, environment: OAuthEnvironment) throws {
        let storage = flows.storage
        methods = try storage.identities(accountID: account.id).map {
            Method(id: $0.id, provider: $0.provider.rawValue, email: $0.email)
        }
        let signIns = SignInsFlow(context: flows)
        let apps = try signIns.appSignIns(accountID: account.id)
        appSignIns = apps
        linkedServices = try LinkedServices(environment: environment).list(accountID: account.id)
            .filter { service in !apps.contains { $0.grantID.sameBytes(service.grantID) } }
        webSessions = try signIns.sessions(accountID: account.id, current: session)
        passkeys = try storage.passkeys(accountID: account.id)
        mayAddMethods = !UnprovenAccountRule.isUnproven(account)
    }
}
