import Foundation
import HTTPServer

/// A JSON request body of the admin API and the member names it accepts.
protocol AdminBody: Decodable {
    static var members: Set<String> { get }
    /// What the body must be, for the error of one that is not (`a JSON object with …`).
    static var shape: String { get }
}

extension AdminAPI {
    /// The admin API's one decoding rule: a JSON object whose every member is one the endpoint accepts (an
    /// unknown one is a 400 naming it: a misspelt `redirect_uri` would otherwise be dropped silently), and
    /// whose members have the documented types.
    static func body<T: AdminBody>(_ request: HTTPRequest, _ type: T.Type) throws -> T {
        guard let object = try? JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any] else {
            throw AdminFailure.invalid("the body must be \(T.shape)")
        }
        if let unknown = object.keys.sorted().first(where: { !T.members.contains($0) }) {
            throw AdminFailure.invalid("unknown field \(unknown); accepted: \(T.members.sorted().joined(separator: ", "))")
        }
        guard let value = try? JSONDecoder().decode(T.self, from: Data(request.body)) else {
            throw AdminFailure.invalid("the body must be \(T.shape), each field of its documented type")
        }
        return value
    }
}
