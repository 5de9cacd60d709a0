/// The result of a sign-in the app can act on.
public enum SignInOutcome: Equatable, Sendable {
    /// Signed in; the tokens are in the store.
    case signedIn(SignedIn)
    /// The provider's verified email belongs to an existing account (docs/sign-in.md,
    /// `link_required`): ask for that account's password and call `completeLink(_:email:password:)`;
    /// the new Apple or Google identity is then linked to it instead of making a duplicate.
    case linkRequired(LinkRequired)
}

public struct SignedIn: Equatable, Sendable {
    /// The account's stable id (`/api/account`'s `id`); nil after a password sign-in, whose token
    /// answer does not name it (ask `account()`).
    public let accountID: String?
    /// True when this sign-in made a new account.
    public let accountCreated: Bool
}

public struct LinkRequired: Equatable, Sendable {
    /// Single-use, short-lived; sent back with the password proof.
    public let linkToken: String
    public let message: String?
}

/// `POST /api/signup`'s two answers.
public enum SignUpOutcome: Equatable, Sendable {
    /// 201: the account exists and the app is signed in to it; a verification mail is on its way.
    case signedIn(SignedIn)
    /// 202: the address already has an account; its owner was mailed, and nothing more is said.
    case verificationSent
}
