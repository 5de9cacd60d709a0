import HTTPServer
import Identity
import Support

extension ProviderEventRoutes {
    /// `POST /google/risc`: Google's Cross-Account Protection security event tokens (RFC 8417, pushed as
    /// in RFC 8935). 202 when accepted (also for a redelivery or an event about nobody we know), 400 with
    /// RFC 8935 §2.3 `{"err","description"}` when refused, 503 when our side failed so Google retries.
    func googleRisc(_ request: HTTPRequest) async -> HTTPResponse {
        guard let receiver = risc else {
            return .json(404, raw: #"{"error":"not_found","error_description":"Google sign-in is not enabled"}"#)
        }
        let outcome = await receiver.process(body: request.body)
        metrics.count("google_risc_\(outcome.httpStatus)")
        switch outcome {
        case .accepted, .duplicate: return .empty(202)
        case .refused(let code, _):
            return .json(400, raw: #"{"err":"\#(code)","description":"the security event token was refused"}"#)
        case .unavailable: return .json(503, raw: #"{"err":"temporarily_unavailable"}"#)
        }
    }
}
