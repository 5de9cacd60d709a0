/// What the HTTP layer knows about the request being answered, for the records made while answering
/// it: security events in the logs carry `client_ip` and `request.id`, audit entries `ip` and
/// `user_agent` (docs/operations.md, Logs and Audit). A task-local value: set once by the server around
/// each handler, read by `Logger` and `AuditRecorder`; nil outside a request (CLI, background work).
public struct RequestScope: Sendable, Equatable {
    public var clientIP: String
    public var requestID: String
    public var userAgent: String?

    public init(clientIP: String, requestID: String, userAgent: String? = nil) {
        self.clientIP = clientIP
        self.requestID = requestID
        self.userAgent = userAgent
    }

    @TaskLocal public static var current: RequestScope?

    /// The scope's fields as log fields (those `fields` does not already name).
    static func fields(adding fields: [String: String]) -> [String: String] {
        guard let scope = current else { return fields }
        var all = fields
        if all["client_ip"] == nil { all["client_ip"] = scope.clientIP }
        if all["request.id"] == nil { all["request.id"] = scope.requestID }
        return all
    }
}
