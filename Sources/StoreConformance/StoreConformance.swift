import Identity
import OAuthCore

/// One named check of the storage contracts (Sources/OAuthCore/Storage/Storage.swift). `run` gets a
/// fresh, migrated, empty store and throws `ConformanceFailure` (or a store error) when a contract breaks.
public struct ConformanceCase: Sendable, CustomStringConvertible {
    public let name: String
    public let run: @Sendable (any AccountLinkStorage) throws -> Void

    public init(_ name: String, _ run: @escaping @Sendable (any AccountLinkStorage) throws -> Void) {
        self.name = name
        self.run = run
    }

    public var description: String { name }
}

/// The one suite every backend runs (docs/architecture.md rule 6). Test targets look a case up by name:
/// `@Test(arguments: StoreConformance.cases.map(\.name))`, then `StoreConformance.run(name, on: store)`.
///
/// Dates in the suite are whole seconds: backends store them as integer milliseconds since 1970.
public enum StoreConformance {
    public static let cases: [ConformanceCase] =
        clientCases + accountCases + identityCases + credentialCases + grantCases + tokenCases
        + sessionCases + keyAndLogCases + transactionCases + narrowTransactionCases + concurrencyCases + roundTripCases
        + signalCases
        + hardeningCases
        + resourceServerCases + auditQueryCases
        + mailCases
        + passwordRemovalCases + singleUseCases + passkeyCases
        + refreshHistoryCases + refreshRotationCases
        + tokenPathCases + firstWeekCases + liveTokenCases + liveTokenRaceCases + derivedTokenCases + derivedTokenReadAheadCases + grantedAccessCases
        + refreshAccessCases + grantOperationCases
        + accountLockCases
        + clientTokenCases + suspendingReadCases
        + foldedEmailCases + scopeCases
        + signInCases + eventCases + inboundCases

    /// The case called `name`; fails when there is none, so a renamed case cannot pass silently.
    public static func named(_ name: String) throws -> ConformanceCase {
        guard let found = cases.first(where: { $0.name == name }) else {
            throw ConformanceFailure("no conformance case named \(name)")
        }
        return found
    }

    public static func run(_ name: String, on storage: any AccountLinkStorage) throws {
        try named(name).run(storage)
    }
}
