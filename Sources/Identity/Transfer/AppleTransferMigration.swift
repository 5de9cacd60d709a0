import Foundation
import JOSE
import OAuthCore
import Support

/// Moves one imported Apple identity to the recipient team's `sub`: the step both the import
/// (`AppleTeamTransfer.importFile`) and a sign-in whose token carries `transfer_sub` take
/// (https://developer.apple.com/documentation/signinwithapple/bringing-new-apps-and-users-into-your-team).
enum AppleTransferMigration {
    enum Outcome: Equatable {
        case migrated(LinkedIdentity)
        /// Done before (by the import or by a sign-in): nothing changed.
        case alreadyDone
        /// The identity was deleted since the export; the transfer is closed.
        case identityGone
        /// Another identity already has the new `sub`: left pending for the operator.
        case conflict
    }

    static func apply(_ transfer: AppleTransfer, newSubject: String, email: String?, isPrivateEmail: Bool?,
                      storage: any AppleTeamTransfer.Store, random: any RandomSource, at now: Date) throws -> Outcome {
        try storage.transaction { tx in
            guard let current = try tx.appleTransfer(transferSub: transfer.transferSub), current.completedAt == nil else {
                return .alreadyDone
            }
            guard var identity = try tx.identities(accountID: transfer.accountID).first(where: {
                $0.id.sameBytes(transfer.identityID) && $0.provider == .apple
            }) else {
                _ = try tx.completeAppleTransfer(transferSub: transfer.transferSub, newSubject: newSubject, at: now)
                return .identityGone
            }
            if let owner = try tx.identity(provider: .apple, subject: newSubject), !owner.id.sameBytes(identity.id) { return .conflict }
            identity.subject = newSubject
            if let email, !email.isEmpty { identity.email = EmailAddress.normalized(email) }
            if let isPrivateEmail { identity.isPrivateEmail = isPrivateEmail }
            try tx.updateIdentity(identity)
            _ = try tx.completeAppleTransfer(transferSub: transfer.transferSub, newSubject: newSubject, at: now)
            try AuditRecorder(random: random, at: now).record(.appleTransferMigrated, accountID: identity.accountID, in: tx)
            return .migrated(identity)
        }
    }
}

extension SignInService {
    /// During the transition (up to 60 days) Apple's tokens carry the new `sub` and `transfer_sub`
    /// (https://developer.apple.com/documentation/signinwithapple/bringing-new-apps-and-users-into-your-team):
    /// an imported transfer identifier names the account to sign in to.
    func transferredIdentity(_ token: VerifiedIdentity) throws -> LinkedIdentity? {
        guard let transferSub = try? token.claims.string("transfer_sub"), !transferSub.isEmpty,
            let transfer = try storage.appleTransfer(transferSub: transferSub)
        else { return nil }
        let outcome = try AppleTransferMigration.apply(transfer, newSubject: token.subject, email: token.email,
                                                       isPrivateEmail: token.isPrivateEmail, storage: storage,
                                                       random: random, at: clock.now())
        if case .migrated(let identity) = outcome {
            logger.info("apple identity moved to the new team at sign-in", ["account.id": identity.accountID])
            return identity
        }
        return try storage.identity(provider: .apple, subject: token.subject)
    }
}
