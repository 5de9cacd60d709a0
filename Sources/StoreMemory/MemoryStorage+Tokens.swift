import Foundation
import Support
import OAuthCore

extension MemoryStorage {
    public func insertGrant(_ grant: Grant) throws {
        try access { state in
            try state.grants.insertNew(grant, at: grant.id, conflict: "grant exists")
            state.grantOrder.append(grant.id)
        }
    }

    public func grant(id: String) throws -> Grant? { try access { $0.grants[id] } }

    public func activeGrants(accountID: String) throws -> [Grant] {
        try access { state in
            state.grantOrder.compactMap { state.grants[$0] }.filter { $0.accountID.sameBytes(accountID) && $0.isActive }
        }
    }

    public func activeGrant(accountID: String, clientID: String) throws -> Grant? {
        try activeGrants(accountID: accountID).first { $0.clientID.sameBytes(clientID) }
    }

    public func updateGrantScope(id: String, scope: [String]) throws { try access { $0.grants[id]?.scope = scope } }

    public func revokeGrant(id: String, at time: Date) throws -> Bool { try access { $0.revokeGrant(id: id, at: time) } }

    public func insertCode(_ code: AuthorizationCode) throws {
        try access { try $0.codes.insertNew(code, at: code.hash, conflict: "code exists") }
    }

    public func consumeCode(hash: String, at time: Date) throws -> CodeConsumption {
        try access { state in
            guard var code = state.codes[hash] else { return .notFound }
            if code.consumedAt != nil { return .alreadyUsed(code) }
            code.consumedAt = time
            state.codes[hash] = code
            return .consumed(code)
        }
    }

    public func insertToken(_ token: TokenRecord) throws {
        try access { try $0.insertToken(token) }
    }

    public func token(hash: String) throws -> TokenRecord? { try access { $0.tokens[hash] } }

    public func markRotated(hash: String, at time: Date) throws -> Bool {
        try access { state in
            guard let token = state.tokens[hash], token.rotatedAt == nil else { return false }
            state.tokens[hash]?.rotatedAt = time
            return true
        }
    }

    public func revokeToken(hash: String, at time: Date) throws -> Bool {
        try access { state in
            guard let token = state.tokens[hash], token.revokedAt == nil else { return false }
            state.tokens[hash]?.revokedAt = time
            return true
        }
    }

    public func purgeExpired(before time: Date) throws -> Int { try access { $0.purgeExpired(before: time) } }

    public func insertSession(_ session: Session) throws { try access { $0.sessions[session.hash] = session } }
    public func session(hash: String) throws -> Session? { try access { $0.sessions[hash] } }
    public func deleteSession(hash: String) throws { try access { $0.sessions[hash] = nil } }
    public func deleteSessions(accountID: String) throws {
        try access { state in state.sessions = state.sessions.filter { $0.value.accountID != accountID } }
    }

    public func insertInteraction(_ interaction: Interaction) throws {
        try access { $0.interactions[interaction.id] = interaction }
    }
    public func interaction(id: String) throws -> Interaction? { try access { $0.interactions[id] } }
    public func updateInteraction(_ interaction: Interaction) throws {
        try access { $0.interactions[interaction.id] = interaction }
    }
    public func deleteInteraction(id: String) throws { try access { $0.interactions[id] = nil } }

    public func insertSigningKey(_ key: StoredSigningKey) throws {
        try access { state in
            guard !state.signingKeys.contains(where: { $0.kid == key.kid }) else {
                throw StoreError.conflict("key \(key.kid) exists")
            }
            state.signingKeys.append(key)
        }
    }
    public func signingKeys() throws -> [StoredSigningKey] {
        try access { $0.signingKeys.sorted { ($0.createdAt, $0.kid) > ($1.createdAt, $1.kid) } }
    }
    public func updateSigningKey(_ key: StoredSigningKey) throws {
        try access { state in
            if let index = state.signingKeys.firstIndex(where: { $0.kid == key.kid }) { state.signingKeys[index] = key }
        }
    }

    public func recordNotification(jti: String, at time: Date) throws -> Bool {
        try access { state in
            guard state.notifications[jti] == nil else { return false }
            state.notifications[jti] = time
            return true
        }
    }

    public func appendAudit(_ event: AuditEvent) throws { try access { $0.audit.append(event) } }
    public func auditEvents(limit: Int) throws -> [AuditEvent] { try access { Array($0.audit.reversed().prefix(limit)) } }
}
