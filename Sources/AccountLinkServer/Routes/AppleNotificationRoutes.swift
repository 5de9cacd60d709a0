import HTTPServer
import Identity
import Operations

/// What Apple and Google push about their users: Apple's server-to-server notifications and Google's
/// RISC security events (GoogleRiscRoutes.swift); Identity's receivers verify, record and act.
struct ProviderEventRoutes: RouteGroup {
    /// nil while Sign in with Apple is off.
    let notifications: AppleNotificationProcessor?
    /// nil while Google sign-in is off.
    let risc: GoogleRiscReceiver?
    let metrics: Metrics

    func add(to router: inout Router) {
        router.add("POST", "/apple/notifications") { [self] in await appleNotification($0) }
        router.add("POST", "/google/risc") { [self] in await googleRisc($0) }
    }
}

extension ProviderEventRoutes {
    /// `POST /apple/notifications`: Apple's server-to-server events
    /// (https://developer.apple.com/documentation/signinwithapple/processing-changes-for-sign-in-with-apple-accounts).
    /// 200 for anything verified (handled, duplicate or unknown), 400 for what is not Apple's,
    /// 503 when our side failed, so that Apple's delivery is not wrongly acknowledged.
    func appleNotification(_ request: HTTPRequest) async -> HTTPResponse {
        guard let processor = notifications else {
            return .json(404, raw: #"{"error":"not_found","error_description":"Sign in with Apple is not enabled"}"#)
        }
        let outcome = await processor.process(body: request.body)
        metrics.count("apple_notification_\(outcome.httpStatus)")
        switch outcome {
        case .processed, .duplicate, .ignored: return .json(200, raw: #"{"status":"ok"}"#)
        case .rejected: return .json(400, raw: #"{"error":"invalid_request"}"#)
        case .unavailable: return .json(503, raw: #"{"error":"temporarily_unavailable"}"#)
        }
    }
}
