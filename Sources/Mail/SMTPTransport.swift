/// What became of one hand-over to the SMTP server. The sender's retry rules follow from it.
public enum SMTPOutcome: Sendable, Equatable {
    /// The server accepted the message (its final reply, e.g. `250`).
    case delivered(String)
    /// Nothing was accepted (no connection, TLS or login failed, or a 4xx reply): try again later.
    case notDelivered(String)
    /// A 5xx reply: the server refuses this mail for good.
    case rejected(String)
    /// The connection broke after the message may have been taken: it may or may not arrive.
    case unknown(String)
}

/// Hands one message to an SMTP server.
public protocol SMTPTransport: Sendable {
    /// Blocking; returns within the transport's own timeouts.
    func send(from: String, to: String, message: [UInt8]) -> SMTPOutcome
}
