import Foundation

/// What the app must remember of Sign in with Apple, kept in a `SecureValueStore` (the Keychain):
/// - the Apple ID (`credential.user`), for `getCredentialState(forUserID:)` at every launch;
/// - the name, which Apple sends only on the first authorization
///   (https://developer.apple.com/documentation/authenticationservices/asauthorizationappleidcredential/fullname):
///   kept until AccountLink has it (a sign-in answered `signedIn`), so a failed first attempt loses nothing.
public struct AppleSignInMemory: Sendable {
    struct Name: Codable, Equatable {
        var given: String?
        var family: String?
    }

    static let userKey = "accountlink.apple.user"
    static let nameKey = "accountlink.apple.pending-name"
    let store: any SecureValueStore

    public init(store: any SecureValueStore) { self.store = store }

    /// The stored Apple ID, if any.
    public func appleUser() throws -> String? {
        try store.data(for: Self.userKey).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Keeps the Apple ID, and the name when Apple sent one, before anything is sent to AccountLink.
    public func remember(_ credential: AppleCredential) throws {
        try store.set(Data(credential.user.utf8), for: Self.userKey)
        let name = Name(given: credential.givenName.flatMap(Self.nonEmpty), family: credential.familyName.flatMap(Self.nonEmpty))
        if name.given != nil || name.family != nil { try store.set(try JSONEncoder().encode(name), for: Self.nameKey) }
    }

    /// The credential with the name still waiting for the server filled in where Apple sent none.
    public func withPendingName(_ credential: AppleCredential) throws -> AppleCredential {
        guard let data = try store.data(for: Self.nameKey), let name = try? JSONDecoder().decode(Name.self, from: data)
        else { return credential }
        var filled = credential
        if filled.givenName.flatMap(Self.nonEmpty) == nil { filled.givenName = name.given }
        if filled.familyName.flatMap(Self.nonEmpty) == nil { filled.familyName = name.family }
        return filled
    }

    /// The server has the name: it is dropped from the device.
    public func serverHasName() throws { try store.set(nil, for: Self.nameKey) }

    public func forgetAppleUser() throws { try store.set(nil, for: Self.userKey) }

    private static func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }
}

extension AccountLink {
    /// Sign in with Apple keeping what must not be lost: the Apple ID and first-time name are stored
    /// first (`memory`), the pending name is sent until AccountLink answers `signedIn`, then dropped.
    /// After `linkRequired` the name waits with the pending link at AccountLink; call
    /// `memory.serverHasName()` once `completeLink` succeeds.
    public func signIn(apple credential: AppleCredential, nonce: AppleNonce, memory: AppleSignInMemory) async throws
        -> SignInOutcome
    {
        try memory.remember(credential)
        let outcome = try await signIn(apple: try memory.withPendingName(credential), nonce: nonce)
        if case .signedIn = outcome { try memory.serverHasName() }
        return outcome
    }
}
