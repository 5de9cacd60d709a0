import Foundation
import Support

/// The one place an audit entry is built (one owner per rule): its id, its time from the injected
/// clock, a kind from `AuditKind`, and, inside a request, the client's IP and user agent from
/// `RequestScope`. Every flow, the HTTP layer and the CLI record through this type.
public struct AuditRecorder: Sendable {
    let clock: any Clock
    let random: any RandomSource

    public init(clock: any Clock, random: any RandomSource) {
        self.clock = clock
        self.random = random
    }

    /// For a step that was handed its time instead of a clock: every entry is made at `time`.
    public init(random: any RandomSource, at time: Date) {
        self.init(clock: FixedTime(time: time), random: random)
    }

    private struct FixedTime: Clock {
        let time: Date
        func now() -> Date { time }
    }

    /// The entry `record` writes, at `time` (the clock's now by default).
    public func event(_ kind: AuditKind, accountID: String? = nil, clientID: String? = nil, detail: String = "",
                      at time: Date? = nil) -> AuditEvent {
        let scope = RequestScope.current
        return AuditEvent(id: random.token(byteCount: 16), time: time ?? clock.now(), kind: kind,
                          accountID: accountID, clientID: clientID, detail: detail,
                          ip: scope?.clientIP, userAgent: scope?.userAgent.map(Self.bounded))
    }

    /// Appends the entry in `store`: inside a transaction pass its view, so the entry is written or
    /// dropped with the change it records.
    public func record(_ kind: AuditKind, accountID: String? = nil, clientID: String? = nil, detail: String = "",
                       at time: Date? = nil, in store: any AuditStore) throws {
        try store.appendAudit(event(kind, accountID: accountID, clientID: clientID, detail: detail, at: time))
    }

    /// As `record`, for entries that must never fail the action they record: a failure is logged.
    public func recordLoggingFailure(_ kind: AuditKind, accountID: String? = nil, clientID: String? = nil,
                                     detail: String = "", in store: any AuditStore, logger: Logger) {
        do { try record(kind, accountID: accountID, clientID: clientID, detail: detail, in: store) } catch {
            logger.error("audit write failed", ["audit.kind": kind.rawValue, "error": String(describing: error)])
        }
    }

    /// A user agent is the client's to choose: kept to 512 bytes, cut at a character boundary.
    static func bounded(_ userAgent: String) -> String {
        var kept = ""
        for character in userAgent {
            guard kept.utf8.count + character.utf8.count <= 512 else { break }
            kept.append(character)
        }
        return kept
    }
}
