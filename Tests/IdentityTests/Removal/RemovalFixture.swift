import Foundation
import OAuthCore
import Support
import Testing
@testable import Identity

/// An account with chosen sign-in methods in any store, and what a refused removal must leave untouched.
struct RemovalFixture {
    let storage: any AccountLinkStorage
    let service: SignInService
    let clock = ManualClock()

    init(storage: any AccountLinkStorage) {
        self.storage = storage
        service = SignInService(storage: storage, clock: clock, random: SystemRandom(),
                                logger: Logger(label: "test", minimumLevel: .error, sink: MemorySink()))
    }

    /// A new account holding `methods` (a password gets its hash; Apple and Google a stored provider token).
    func account(_ methods: [LinkedIdentity.Provider]) throws -> String {
        let id = "acct_" + UUID().uuidString
        let now = clock.now()
        try storage.insertAccount(Account(id: id, email: id + "@example.com", emailVerified: true, displayName: nil,
                                          createdAt: now))
        for (index, provider) in methods.enumerated() {
            let identity = LinkedIdentity(
                id: "idn_\(index)_" + id, accountID: id, provider: provider, subject: "\(provider)-\(index)-" + id,
                email: nil, emailVerified: true, firstSignInAt: now, lastSignInAt: now)
            try storage.insertIdentity(identity)
            if provider == .password { try storage.setPasswordHash("hash-" + id, accountID: id) }
            if provider != .password {
                try storage.saveThirdPartyToken(ThirdPartyToken(
                    identityID: identity.id, accountID: id, provider: provider, encryptedRefreshToken: [1, 2, 3],
                    createdAt: now))
            }
        }
        return id
    }

    /// Everything a removal may change, to compare before and after.
    struct Snapshot: Equatable {
        var identities: [String]
        var passwordHash: String?
        var thirdPartyTokens: Int
        var pendingRevocations: Int
        var audit: Int
    }

    func snapshot(_ accountID: String) throws -> Snapshot {
        Snapshot(identities: try storage.identities(accountID: accountID).map(\.id).sorted(),
                 passwordHash: try storage.passwordHash(accountID: accountID),
                 thirdPartyTokens: try storage.thirdPartyTokens(accountID: accountID).count,
                 pendingRevocations: try storage.duePendingRevocations(at: clock.now().addingTimeInterval(1)).count,
                 audit: try storage.auditEvents(limit: 1000).count)
    }

    func providers(_ accountID: String) throws -> [LinkedIdentity.Provider] {
        try storage.identities(accountID: accountID).map(\.provider).sorted { $0.rawValue < $1.rawValue }
    }
}
