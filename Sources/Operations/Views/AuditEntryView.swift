import OAuthCore
import Support

/// One audit entry as `GET /admin/audit` and `accountlink audit --json` show it (the OpenAPI schema
/// `AuditEvent`): `ip` and `user_agent` are null for entries not made while answering a request.
public struct AuditEntryView: Encodable, Sendable {
    public let id: String
    public let time: String
    public let kind: String
    public let account_id: String?
    public let client_id: String?
    public let ip: String?
    public let user_agent: String?
    public let detail: String

    public init(_ event: AuditEvent) {
        id = event.id
        time = RFC3339.string(event.time)
        kind = event.kind
        account_id = event.accountID
        client_id = event.clientID
        ip = event.ip
        user_agent = event.userAgent
        detail = event.detail
    }

    enum CodingKeys: String, CodingKey {
        case id, time, kind, account_id, client_id, ip, user_agent, detail
    }

    /// Nulls are written (not left out), so every entry has every key.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(time, forKey: .time)
        try container.encode(kind, forKey: .kind)
        try container.encode(account_id, forKey: .account_id)
        try container.encode(client_id, forKey: .client_id)
        try container.encode(ip, forKey: .ip)
        try container.encode(user_agent, forKey: .user_agent)
        try container.encode(detail, forKey: .detail)
    }
}
