import Foundation
import OAuthCore

extension AppleTeamTransfer {
    /// Sending team: asks Apple for each Apple identity's `transfer_sub` for `recipientTeam` and appends it
    /// to `file`. Identities already in the file are skipped; an Apple outage stops the run (rerun resumes).
    public func export(recipientTeam: String, to file: URL) async throws -> Report {
        let written = try TransferFile.read(file)
        if let other = written.first(where: { !$0.recipientTeam.sameBytes(recipientTeam) }) {
            throw Failure.badFile("\(file.path) holds identifiers for team \(other.recipientTeam), not \(recipientTeam)")
        }
        let done = Set(written.map(\.identityID))
        var report = Report(skipped: done.count)
        let writer = try TransferFile.Appender(file)
        let token = try await client.migrationAccessToken(clientID: clientID)
        for identity in try appleIdentities() where !done.contains(identity.id) {
            do {
                let transferSub = try await client.transferSubject(sub: identity.subject, recipientTeam: recipientTeam,
                                                                   clientID: clientID, accessToken: token)
                try writer.append(Entry(accountID: identity.accountID, identityID: identity.id,
                                        recipientTeam: recipientTeam, transferSub: transferSub))
                report.done += 1
            } catch let error as ProviderCallError where !error.isTemporary {
                logger.warning("apple refused a transfer identifier", ["account.id": identity.accountID, "error": "\(error)"])
                report.refused += 1
            }
        }
        try AuditRecorder(clock: clock, random: random).record(.appleTransferExported, detail: "team=\(recipientTeam) new=\(report.done) refused=\(report.refused)", in: storage)
        return report
    }

    /// Recipient team: loads every identifier of `file` (so sign-ins with `transfer_sub` match at once),
    /// then exchanges each pending one for the new `sub` and moves the identity to it.
    public func importFile(_ file: URL) async throws -> Report {
        let entries = try TransferFile.read(file)
        guard !entries.isEmpty else { throw Failure.badFile("\(file.path) holds no transfer identifiers") }
        for entry in entries {
            _ = try storage.insertAppleTransfer(AppleTransfer(transferSub: entry.transferSub, accountID: entry.accountID,
                                                              identityID: entry.identityID))
        }
        let pending = try storage.pendingAppleTransfers()
        var report = Report(skipped: entries.count - pending.count)
        guard !pending.isEmpty else { return report }
        let token = try await client.migrationAccessToken(clientID: clientID)
        for transfer in pending {
            let user = try await client.migratedUser(transferSub: transfer.transferSub, clientID: clientID, accessToken: token)
            switch try AppleTransferMigration.apply(transfer, newSubject: user.sub, email: user.email,
                                                   isPrivateEmail: user.isPrivateEmail, storage: storage, random: random,
                                                   at: clock.now()) {
            case .migrated: report.done += 1
            case .alreadyDone: report.skipped += 1
            case .identityGone: report.refused += 1
            case .conflict: report.conflicts += 1
            }
        }
        return report
    }
}
