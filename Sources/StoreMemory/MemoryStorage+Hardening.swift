import Foundation
import Support
import OAuthCore

extension MemoryStorage {
    public func takeLoginAttempt(keys: [String], policy: LoginThrottlePolicy, at time: Date) throws -> Bool {
        try access { state in
            guard keys.allSatisfy({ (state.loginAttempts[$0]?.blockedUntil ?? LoginThrottlePolicy.notBlocked) <= time }) else {
                return false
            }
            for key in keys {
                var record = state.loginAttempts[key]
                    ?? LoginAttemptRecord(key: key, failures: 0, lastFailure: time, blockedUntil: LoginThrottlePolicy.notBlocked)
                record.failures += 1
                record.lastFailure = time
                if let until = policy.blockedUntil(failures: record.failures, at: time) { record.blockedUntil = until }
                state.loginAttempts[key] = record
            }
            return true
        }
    }

    public func loginSucceeded(clearedKey: String, returnedKeys: [String], policy: LoginThrottlePolicy) throws {
        try access { state in
            state.loginAttempts[clearedKey] = nil
            for key in returnedKeys {
                guard var record = state.loginAttempts[key] else { continue }
                record.failures = max(0, record.failures - 1)
                if record.failures < policy.freeFailures { record.blockedUntil = LoginThrottlePolicy.notBlocked }
                state.loginAttempts[key] = record
            }
        }
    }

    public func loginAttempts(key: String) throws -> LoginAttemptRecord? {
        try access { $0.loginAttempts[key] }
    }

    public func purgeLoginAttempts(before time: Date) throws {
        try access { state in
            state.loginAttempts = state.loginAttempts.filter { $0.value.lastFailure >= time || $0.value.blockedUntil > time }
        }
    }

    public func recordRefreshLineage(child: String, parent: String, at time: Date) throws {
        try access { state in
            // Like the SQL stores' ON CONFLICT DO NOTHING: a recorded child keeps its row.
            if state.refreshLineage[child] == nil { state.refreshLineage[child] = (parent: parent, usedAt: nil, createdAt: time) }
        }
    }

    /// RefreshLineageStore.useRefreshToken, the reference rules: a used child or a used sibling is a
    /// later token of the family.
    public func useRefreshToken(hash: String, at time: Date) throws -> Bool {
        try access { state in
            let parent = state.refreshLineage[hash]?.parent
            let family = state.refreshLineage.filter { key, entry in
                !key.sameBytes(hash) && (entry.parent.sameBytes(hash) || parent.map { entry.parent.sameBytes($0) } == true)
            }
            let laterUsed = family.contains { $0.value.usedAt != nil }
            if parent != nil, state.refreshLineage[hash]?.usedAt == nil { state.refreshLineage[hash]?.usedAt = time }
            return !laterUsed
        }
    }

    public func takeInteraction(id: String) throws -> Interaction? {
        try access { $0.interactions.removeValue(forKey: id) }
    }
}
