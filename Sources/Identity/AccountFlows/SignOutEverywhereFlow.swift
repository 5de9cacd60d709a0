import Foundation
import OAuthCore

/// "Sign out everywhere" on the account page: every web session and first-party app sign-in of the
/// account ends and its open one-time links are voided (`FirstPartySignOut`, `OneTimeLinkRule`), in one
/// transaction; third-party links (Google's) stay. The app's own call is `AppAccountAPI.signOutEverywhere`.
public struct SignOutEverywhereFlow: Sendable {
    /// The records this flow reads and writes.
    public typealias Store = FirstPartySignOut.Store & AuditStore & Transacting

    let context: AccountFlowContext
    var store: any Store { context.storage }

    public init(context: AccountFlowContext) { self.context = context }

    /// Returns how many app sign-ins ended.
    @discardableResult
    public func run(accountID: String) throws -> Int {
        try store.transaction { tx in
            let ended = try FirstPartySignOut.run(accountID: accountID, in: tx, at: context.clock.now(), random: context.random)
            try context.audit(.accountSignedOutEverywhere, accountID: accountID, in: tx)
            return ended
        }
    }
}
