@testable import Identity

extension SignInService.Outcome {
    /// The account a sign-in signed in, or nil: `try #require(outcome.signedInAccount)` fails the
    /// test when the setup stops signing someone in, where a `guard case … else { return }` passed.
    var signedInAccount: String? {
        if case .signedIn(let accountID, _) = self { return accountID }
        return nil
    }

    /// The link token of a sign-in that needs proof of the existing account, or nil.
    var linkToken: String? {
        if case .linkRequired(let linkToken, _) = self { return linkToken }
        return nil
    }
}
