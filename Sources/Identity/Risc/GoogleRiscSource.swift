import Foundation
import JOSE
import OAuthCore
import Support

/// Google's security event tokens as a `SignedEventSource`: the compact SET is the body (RFC 8935 §2.1),
/// verified against the RISC configuration's `jwks_uri` (the verifier's Google profile); its events are
/// applied in the transaction that records its `jti` (`act`, GoogleRiscSource+Actions.swift), ordered by
/// the token's `iat` (`InboundOrder`).
struct GoogleRiscSource: SignedEventSource {
    let logger: Logger
    let sealer: TokenSealer

    var receipt: SignedEventReceipt { .googleSecurityEvent }

    func token(in body: [UInt8]) -> String? {
        String(decoding: body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func event(of verified: SignedEventVerifier.Verified) throws -> [SecurityEvent] {
        try SecurityEvent.parse(verified.events, issuer: verified.issuer)
    }

    func apply(_ events: [SecurityEvent], _ verified: SignedEventVerifier.Verified, in tx: InboundTransaction)
        throws -> [String]
    {
        let time = Date(timeIntervalSince1970: TimeInterval(verified.issuedAt))
        return try events.map { try act(on: $0, at: time, in: tx) }
    }
}
