import Foundation
import OAuthCore

/// `InboundEventStore` (Sources/OAuthCore/Storage/InboundEventStore.swift) over migration 20's table.
extension SQLStorage {
    public func advanceInboundMark(provider: LinkedIdentity.Provider, subject: String, effect: String, to eventTime: Date) throws
        -> Bool
    {
        // One statement: the mark moves only forward; an older event's upsert changes no row.
        try access {
            try $0.insert(
                """
                INSERT INTO inbound_event_marks (provider, subject, effect, event_time) VALUES ($1, $2, $3, $4)
                ON CONFLICT (provider, subject, effect) DO UPDATE SET event_time = excluded.event_time
                WHERE inbound_event_marks.event_time <= excluded.event_time
                """, [.text(provider.rawValue), .text(subject), .text(effect), .date(eventTime)]) == 1
        }
    }

    public func deleteSessions(accountID: String, createdUpTo time: Date) throws {
        try access {
            try $0.run("DELETE FROM sessions WHERE account_id = $1 AND created_at <= $2", [.text(accountID), .date(time)])
        }
    }
}
