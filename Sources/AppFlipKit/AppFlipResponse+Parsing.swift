import Foundation

/// Why a return URL (the app's answer to Google) could not be read.
public enum AppFlipResponseError: Error, Equatable, Sendable {
    case malformedQuery(AppFlipQuery.DecodingError?)
    case duplicateParameter(String)
    /// Neither `code` nor `error`, or `code` without `state`.
    case missingParameter(String)
    /// Both `code` and `error`: the answer is ambiguous.
    case codeAndError
    /// An `error` outside App Flip's four values (e.g. the old sample's `user_not_authorized`).
    case unknownError(String)
}

extension AppFlipResponse {
    /// Reads the app's answer as Google's app would (used by the simulator playing Google's
    /// side). Refuses duplicates, both shapes at once, and unknown error values.
    public init(returnURL: URL) throws(AppFlipResponseError) {
        let raw = URLComponents(url: returnURL, resolvingAgainstBaseURL: false)?.percentEncodedQuery
        let values: [String: String]
        do {
            values = try AppFlipRequest.uniqueValues(raw ?? "")
        } catch {
            switch error {
            case .duplicateParameter(let name): throw .duplicateParameter(name)
            case .malformedQuery(let cause): throw .malformedQuery(cause)
            default: throw .malformedQuery(nil)
            }
        }
        try self.init(values: values)
    }

    init(values: [String: String]) throws(AppFlipResponseError) {
        switch (values["code"], values["error"]) {
        case (.some, .some):
            throw .codeAndError
        case (.some(let code), nil):
            guard let state = values["state"] else { throw .missingParameter("state") }
            self = .success(code: code, state: state)
        case (nil, .some(let name)):
            guard let error = AppFlipError(rawValue: name) else { throw .unknownError(name) }
            self = .failure(error, description: values["error_description"], state: values["state"])
        case (nil, nil):
            throw .missingParameter("code")
        }
    }
}
