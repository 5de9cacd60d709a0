import Foundation
import OAuthCore
import Support

/// The app's sign-up with an address and a password (`POST /api/signup`), as OAuthCore's
/// `FirstPartySignUp` asks for it: the account is `SignUpFlow`'s, its refusals `SignUpFlow.Failure`.
public struct PasswordSignUp: AccountCreator {
    let flow: SignUpFlow
    let email: String
    let password: String
    let name: String?
    let locale: String?
    let clientAddress: String?

    public init(context: AccountFlowContext, email: String, password: String, name: String?, locale: String?,
                clientAddress: String?) {
        flow = SignUpFlow(context: context)
        (self.email, self.password, self.name, self.locale, self.clientAddress) = (email, password, name, locale, clientAddress)
    }

    public func createAccount(clientID: String) throws -> String? {
        let outcome = try flow.signUp(email: email, password: password, name: name, locale: locale,
                                      clientAddress: clientAddress)
        guard case .created(let account) = outcome else { return nil }
        return account.id
    }
}

/// The app's sign-up with a passkey alone (`POST /api/signup/passkey`): the account is
/// `PasskeySignUpFlow`'s, for the client that started the flow.
public struct PasskeySignUp: AccountCreator {
    let flow: PasskeySignUpFlow
    let flowID: String?
    let credential: JSONValue?
    let locale: String?
    let clientAddress: String?

    public init(passkeys: PasskeyContext, accounts: AccountFlowContext, flowID: String?, credential: JSONValue?,
                locale: String?, clientAddress: String?) {
        flow = PasskeySignUpFlow(passkeys: passkeys, accounts: accounts)
        (self.flowID, self.credential, self.locale, self.clientAddress) = (flowID, credential, locale, clientAddress)
    }

    public func createAccount(clientID: String) throws -> String? {
        let outcome = try flow.finish(clientID: clientID, flowID: flowID, credential: credential, locale: locale,
                                      clientAddress: clientAddress)
        guard case .created(let account) = outcome else { return nil }
        return account.id
    }
}
