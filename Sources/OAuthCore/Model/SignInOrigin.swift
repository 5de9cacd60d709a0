import Foundation

/// Where a sign-in came from, as the account page lists it (docs/accounts-and-email.md, "Sessions and app
/// sign-ins"): the client's address (after `ACCOUNTLINK_TRUSTED_PROXIES`) and its `User-Agent`. Kept with a
/// web session and with a first-party app sign-in's grant; never secret, never used to decide anything.
public struct SignInOrigin: Sendable, Equatable, Codable {
    public var ipAddress: String?
    public var userAgent: String?

    /// The request being answered: the HTTP layer sets it once per request (as `PageFrame.current`), so
    /// the flows that start a session or a sign-in record it without carrying HTTP values themselves.
    @TaskLocal public static var current = SignInOrigin()

    public init(ipAddress: String? = nil, userAgent: String? = nil) {
        self.ipAddress = ipAddress.map { Self.bounded($0) }
        self.userAgent = userAgent.map { Self.bounded($0) }
    }

    /// A stored value is at most 256 characters: a header is the sender's to choose.
    static func bounded(_ text: String) -> String { String(text.prefix(256)) }
}
