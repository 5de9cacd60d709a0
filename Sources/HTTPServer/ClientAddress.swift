import Foundation

/// The address of the client behind trusted reverse proxies. `X-Forwarded-For` is a list the
/// proxies append to, so it is read from the right: each hop that is a trusted proxy is skipped,
/// and the first untrusted address is the client. A peer that is not a trusted proxy is the
/// client itself, whatever headers it sends (they are trivially forged).
public enum ClientAddress {
    public static func resolve(peer: String, forwardedFor: [String], trusted: Set<String>) -> String {
        guard trusted.contains(peer) else { return peer }
        let hops = forwardedFor.flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        var client = peer
        for hop in hops.reversed() {
            client = hop
            if !trusted.contains(hop) { break }
        }
        return client
    }
}
