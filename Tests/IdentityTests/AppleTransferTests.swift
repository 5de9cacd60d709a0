import Foundation
import Identity
import JOSE
import OAuthCore
import Support
import Testing
@testable import Identity

/// The parts of Apple's team transfer that need no Apple: the transfer file and moving an identity
/// (the round trip between two teams runs end to end in Tests/Peers/test_apple_transfer.py).
@Suite struct AppleTransferTests {
    @Test func aFileCutShortByACrashKeepsItsWholeLinesAndIsRepairedOnAppend() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("transfer-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        let first = AppleTeamTransfer.Entry(accountID: "acc_1", identityID: "idn_1", recipientTeam: "TEAMB98765",
                                            transferSub: "t.1")
        try TransferFile.Appender(file).append(first)
        let whole = try Data(contentsOf: file)
        try (whole + Data(#"{"account_id":"acc_2","ident"#.utf8)).write(to: file)
        #expect(try TransferFile.read(file) == [first])
        let second = AppleTeamTransfer.Entry(accountID: "acc_2", identityID: "idn_2", recipientTeam: "TEAMB98765",
                                             transferSub: "t.2")
        try TransferFile.Appender(file).append(second)
        #expect(try TransferFile.read(file) == [first, second])
        #expect(FileManager.default.fileExists(atPath: file.path))
        try Data("not json\n".utf8).write(to: file)
        #expect(throws: AppleTeamTransfer.Failure.self) { try TransferFile.read(file) }
    }

    @Test func anIdentityMovesOnceAndAClashIsLeftPending() async throws {
        let h = try Harness()
        let service = h.signInService()
        guard case .signedIn(let ann, _) = try await service.signIn(provider: .apple, identity: h.appleIdentity(sub: "001.ann")),
            case .signedIn(let bob, _) = try await service.signIn(provider: .apple, identity: h.appleIdentity(sub: "002.bob"))
        else { throw Harness.Failure() }
        let annIdentity = try #require(try h.storage.identity(provider: .apple, subject: "001.ann"))
        let bobIdentity = try #require(try h.storage.identity(provider: .apple, subject: "002.bob"))
        let move = AppleTransfer(transferSub: "t.ann", accountID: ann, identityID: annIdentity.id)
        let clash = AppleTransfer(transferSub: "t.bob", accountID: bob, identityID: bobIdentity.id)
        #expect(try h.storage.insertAppleTransfer(move) && h.storage.insertAppleTransfer(clash))
        let moved = try AppleTransferMigration.apply(move, newSubject: "new.ann", email: "x@privaterelay.appleid.com",
                                                     isPrivateEmail: true, storage: h.storage, random: h.random,
                                                     at: h.clock.now())
        guard case .migrated(let identity) = moved else { throw Harness.Failure() }
        #expect(identity.subject == "new.ann" && identity.accountID == ann && identity.isPrivateEmail)
        #expect(try AppleTransferMigration.apply(move, newSubject: "new.ann", email: nil, isPrivateEmail: nil,
                                                 storage: h.storage, random: h.random, at: h.clock.now()) == .alreadyDone)
        #expect(try AppleTransferMigration.apply(clash, newSubject: "new.ann", email: nil, isPrivateEmail: nil,
                                                 storage: h.storage, random: h.random, at: h.clock.now()) == .conflict)
        #expect(try h.storage.pendingAppleTransfers().map(\.transferSub) == ["t.bob"])
        #expect(try h.storage.identity(provider: .apple, subject: "002.bob")?.accountID == bob)
    }

    @Test func aTokenCarryingAnImportedTransferSubReachesTheOldAccount() async throws {
        let h = try Harness()
        let service = h.signInService()
        guard case .signedIn(let ann, _) = try await service.signIn(provider: .apple, identity: h.appleIdentity(sub: "001.ann"))
        else { throw Harness.Failure() }
        let old = try #require(try h.storage.identity(provider: .apple, subject: "001.ann"))
        _ = try h.storage.insertAppleTransfer(AppleTransfer(transferSub: "t.ann", accountID: ann, identityID: old.id))
        let token = try h.appleKey.sign(claims: [
            "iss": "https://appleid.apple.com", "aud": .string(Harness.appBundleID), "sub": "new-team.ann",
            "transfer_sub": "t.ann", "iat": .int(h.clock.unixTime), "exp": .int(h.clock.unixTime + 600),
        ])
        let identity = try await h.appleVerifier.verify(token, rawNonce: nil)
        #expect(try await service.signIn(provider: .apple, identity: identity) == .signedIn(accountID: ann, created: false))
        #expect(try h.storage.identity(provider: .apple, subject: "new-team.ann")?.id == old.id)
        #expect(try h.storage.pendingAppleTransfers().isEmpty)
        let stranger = try h.appleKey.sign(claims: [
            "iss": "https://appleid.apple.com", "aud": .string(Harness.appBundleID), "sub": "new-team.eve",
            "transfer_sub": "t.unknown", "iat": .int(h.clock.unixTime), "exp": .int(h.clock.unixTime + 600),
        ])
        let eve = try await service.signIn(provider: .apple, identity: h.appleVerifier.verify(stranger, rawNonce: nil))
        guard case .signedIn(let other, true) = eve else { throw Harness.Failure() }
        #expect(other != ann, "an unknown transfer_sub matches nobody")
    }
}
