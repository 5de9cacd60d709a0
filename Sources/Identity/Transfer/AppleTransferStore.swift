import Foundation

/// Apple team transfer (https://developer.apple.com/documentation/signinwithapple/bringing-new-apps-and-users-into-your-team):
/// one imported transfer identifier, the identity it belongs to, and, once exchanged, the new team's `sub`.
public struct AppleTransfer: Sendable, Equatable, Codable {
    public var transferSub: String
    public var accountID: String
    public var identityID: String
    public var newSubject: String?
    public var completedAt: Date?

    public init(transferSub: String, accountID: String, identityID: String, newSubject: String? = nil,
                completedAt: Date? = nil) {
        self.transferSub = transferSub
        self.accountID = accountID
        self.identityID = identityID
        self.newSubject = newSubject
        self.completedAt = completedAt
    }
}

/// Apple transfer progress (Identity's `AppleTeamTransfer`). Every method is atomic on its own.
public protocol AppleTransferStore {
    /// False (and nothing changes) when the transfer identifier was imported before.
    func insertAppleTransfer(_ transfer: AppleTransfer) throws -> Bool
    func appleTransfer(transferSub: String) throws -> AppleTransfer?
    /// Those not completed yet, ordered by transfer identifier.
    func pendingAppleTransfers() throws -> [AppleTransfer]
    /// Marks the transfer done with the new `sub`. False if it is unknown.
    func completeAppleTransfer(transferSub: String, newSubject: String, at time: Date) throws -> Bool
}
