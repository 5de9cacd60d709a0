import Foundation
import OAuthCore

/// `LifecycleSignalStore` for the failing wrapper: checks the switch, then forwards.
extension FailingStorage {
    private func forward<T>(_ call: String = #function, _ body: () throws -> T) throws -> T {
        try fail.check()
        let result = try body()
        fail.afterCall.withLock { $0 }?(call)
        return result
    }

    func recordSecurityEvent(jti: String, at time: Date) throws -> Bool {
        try forward { try inner.recordSecurityEvent(jti: jti, at: time) }
    }
    func saveProviderHold(_ hold: ProviderHold) throws { try forward { try inner.saveProviderHold(hold) } }
    func providerHold(provider: LinkedIdentity.Provider, subject: String) throws -> ProviderHold? {
        try forward { try inner.providerHold(provider: provider, subject: subject) }
    }
    func deleteProviderHold(provider: LinkedIdentity.Provider, subject: String) throws -> Bool {
        try forward { try inner.deleteProviderHold(provider: provider, subject: subject) }
    }
    func thirdPartyTokens(provider: LinkedIdentity.Provider, key: ThirdPartyToken.LookupKey) throws -> [ThirdPartyToken] {
        try forward { try inner.thirdPartyTokens(provider: provider, key: key) }
    }
    func deleteThirdPartyToken(identityID: String) throws -> Bool {
        try forward { try inner.deleteThirdPartyToken(identityID: identityID) }
    }
}
