/// The one error JOSE throws: a machine-readable code plus a sentence a person can act on.
/// The reason never contains key material or a token body (docs/architecture.md rule 9).
public struct JOSEError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Code: String, Sendable {
        case tooLarge, malformed, unsupportedAlgorithm, algorithmMismatch, unknownCritical
        case unknownKey, invalidSignature, invalidKey, cryptoFailure
        case missingClaim, invalidClaim, expired, notYetValid, issuedInFuture
        case issuerMismatch, audienceMismatch, nonceMismatch, hostedDomainMismatch
        case keySetUnavailable, configuration
    }

    public let code: Code
    public let reason: String

    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    public var description: String { "\(code.rawValue): \(reason)" }
}
