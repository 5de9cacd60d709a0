import Foundation
import OAuthCore

extension FailingStorage {
    func takeLoginAttempt(keys: [String], policy: LoginThrottlePolicy, at time: Date) throws -> Bool {
        try fail.check()
        return try inner.takeLoginAttempt(keys: keys, policy: policy, at: time)
    }
    func loginSucceeded(clearedKey: String, returnedKeys: [String], policy: LoginThrottlePolicy) throws {
        try fail.check()
        try inner.loginSucceeded(clearedKey: clearedKey, returnedKeys: returnedKeys, policy: policy)
    }
    func loginAttempts(key: String) throws -> LoginAttemptRecord? {
        try fail.check()
        return try inner.loginAttempts(key: key)
    }
    func purgeLoginAttempts(before time: Date) throws {
        try fail.check()
        try inner.purgeLoginAttempts(before: time)
    }
    func recordRefreshLineage(child: String, parent: String, at time: Date) throws {
        try fail.check()
        try inner.recordRefreshLineage(child: child, parent: parent, at: time)
    }
    func useRefreshToken(hash: String, at time: Date) throws -> Bool {
        try fail.check()
        return try inner.useRefreshToken(hash: hash, at: time)
    }
    func takeInteraction(id: String) throws -> Interaction? {
        try fail.check()
        return try inner.takeInteraction(id: id)
    }
}
