import Foundation
import OAuthCore
import Support

/// The two steps of Apple's app transfer
/// (https://developer.apple.com/documentation/signinwithapple/transferring-your-apps-and-users-to-another-team,
/// https://developer.apple.com/documentation/signinwithapple/bringing-new-apps-and-users-into-your-team), run
/// by the CLI.
/// The sending team exports a transfer identifier per Apple identity into a file (JSON lines, never
/// Apple's `sub`); the recipient team imports it, exchanging each identifier for its new `sub`.
/// Both are idempotent and resumable: a rerun skips what the file or the database already holds.
public struct AppleTeamTransfer: Sendable {
    /// One line of the transfer file.
    public struct Entry: Codable, Equatable, Sendable {
        public let accountID: String
        public let identityID: String
        public let recipientTeam: String
        public let transferSub: String

        enum CodingKeys: String, CodingKey {
            case accountID = "account_id", identityID = "identity_id", recipientTeam = "recipient_team"
            case transferSub = "transfer_sub"
        }
    }

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case badFile(String)

        public var description: String {
            switch self { case .badFile(let why): why }
        }
    }

    public struct Report: Sendable, Equatable {
        /// Export: identifiers written now; import: identities moved now.
        public var done = 0
        /// Already in the file (export) or moved before (import).
        public var skipped = 0
        /// Apple refused this user (export), or the identity is gone (import).
        public var refused = 0
        /// Import: another identity already has the new `sub`; left pending.
        public var conflicts = 0
    }

    /// The Apple identities of accounts, the imported transfer identifiers, the audit entries.
    public typealias Store = AccountStore & AppleTransferStore & AuditStore & Transacting

    let storage: any Store
    let clock: any Clock
    let random: any RandomSource
    let client: AppleClient
    /// The transferring app's bundle ID (or Services ID): the `sub` of the client secret.
    let clientID: String
    let logger: Logger

    public init(storage: any Store, clock: any Clock, random: any RandomSource, client: AppleClient,
                clientID: String, logger: Logger) {
        self.storage = storage
        self.clock = clock
        self.random = random
        self.client = client
        self.clientID = clientID
        self.logger = logger.with(label: "identity.apple-transfer")
    }

    /// Every Apple identity of every account that is not deleted, oldest account first.
    func appleIdentities() throws -> [LinkedIdentity] {
        try storage.listAccounts().flatMap { try storage.identities(accountID: $0.id).filter { $0.provider == .apple } }
    }
}
