import Foundation
import OAuthCore

/// The password grant's `link_token` (and the web's): after the password proof, link the pending identity.
public struct LinkTokenRedemption: LinkTokenRedeemer {
    let signIn: SignInService

    public init(signIn: SignInService) { self.signIn = signIn }

    public func redeem(linkToken: String, accountID: String) throws {
        do {
            _ = try signIn.redeemLinkToken(linkToken, provenAccountID: accountID)
        } catch let failure as SignInService.Failure {
            throw OAuthError.invalidGrant("the link token cannot be used with this account", detail: "\(failure)")
        }
    }
}
