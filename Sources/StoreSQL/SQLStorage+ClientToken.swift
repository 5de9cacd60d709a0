import Foundation
import OAuthCore

/// `TokenPathStore.client(id:liveToken:at:)` as one statement: the client row and the live token with
/// its account, each LEFT JOINed to a single row so that either may be missing (NULL columns).
/// PostgreSQL thus answers an introspection in one round trip and a refresh in two.
extension SQLStorage {
    public func client(id: String, liveToken hash: String, at now: Date) throws -> ClientAndLiveToken {
        let values: [SQLValue] = [.text(id), .text(hash), .date(now)]
        return try access { try $0.query(clientAndLiveTokenSQL, values, clientAndLiveTokenRow) }.first ?? .none
    }

    /// The same statement, sent by the backend's suspending read (PostgreSQL: PGReader).
    public func readClient(id: String, liveToken hash: String, at now: Date) async throws -> ClientAndLiveToken {
        try await read(clientAndLiveTokenSQL, [.text(id), .text(hash), .date(now)], clientAndLiveTokenRow).first ?? .none
    }
}

private func clientAndLiveTokenRow(_ row: any SQLRow) throws -> ClientAndLiveToken {
    let token = ShiftedRow(row, by: Int32(Columns.clientCount))
    let account = ShiftedRow(row, by: Int32(Columns.clientCount + Columns.tokenCount))
    return ClientAndLiveToken(
        client: row.isNull(0) ? nil : try row.client(),
        token: token.isNull(0) ? nil : LiveToken(record: try token.token(), account: try account.account()))
}

extension ClientAndLiveToken {
    /// Neither found.
    fileprivate static let none = ClientAndLiveToken(client: nil, token: nil)
}

/// The client under $1, and the token under $2 with its account when live at $3 (the condition of
/// `liveToken`, SQLStorage+TokenPath.swift).
let clientAndLiveTokenSQL = """
    SELECT \(prefixed("c", Columns.client)), \(prefixed("t", Columns.token)), \(prefixed("a", Columns.account))
    FROM (SELECT 1 AS one) one
    LEFT JOIN clients c ON c.id = $1
    LEFT JOIN (tokens t JOIN accounts a ON a.id = t.account_id) ON t.hash = $2 \(liveCondition(now: "$3"))
    """
