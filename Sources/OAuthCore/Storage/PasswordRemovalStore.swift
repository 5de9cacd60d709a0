import Foundation

/// Removing an account's password when the person drops it as a sign-in method (README
/// "The app's API", `POST /api/account/identities/remove` with `type=password`): without the hash no password signs in.
public protocol PasswordRemovalStore {
    /// Deletes the Argon2id hash of the account's password; true when there was one.
    func deletePasswordHash(accountID: String) throws -> Bool
}
