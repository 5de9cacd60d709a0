import Foundation
import OAuthCore

/// `TokenPathStore.client(id:liveToken:at:)` as one statement: the client row and the live token with
/// its account, each LEFT JOINed to a single row so that either may be missing (NULL columns).
/// PostgreSQL thus answers an introspection in one round trip and a refresh in two.
extension SQLStorage {
    public func client(id: String, liveToken hash: String, at now: Date) throws -> ClientAndLiveToken {
        try read(clientAndLiveTokenSQL, [.text(id), .text(hash), .date(now)]) { row in
            let token = ShiftedRow(row, by: Int32(Columns.clientCount))
            let account = ShiftedRow(row, by: Int32(Columns.clientCount + Columns.tokenCount))
            return ClientAndLiveToken(
                client: row.isNull(0) ? nil : try row.client(),
                token: token.isNull(0) ? nil : LiveToken(record: try token.token(), account: try account.account()))
        }
        .first ?? ClientAndLiveToken(client: nil, token: nil)
    }
}

/// The client under $1, and the token under $2 with its account when live at $3 (the condition of
/// `liveToken`, SQLStorage+TokenPath.swift).
let clientAndLiveTokenSQL = """
    SELECT \(prefixed("c", Columns.client)), \(prefixed("t", Columns.token)), \(prefixed("a", Columns.account))
    FROM (SELECT 1 AS one) one
    LEFT JOIN clients c ON c.id = $1
    LEFT JOIN (tokens t JOIN accounts a ON a.id = t.account_id) ON t.hash = $2 \(liveCondition(now: "$3"))
    """
