/// Two answers are equal when they would put the same bytes on the wire: `code`, `state` and
/// `error_description` compare as UTF-8 bytes, never as Swift `String ==` (which calls a decomposed
/// "e\u{301}" equal to a precomposed "é"; Google compares `state` as it sent it).
extension AppFlipResponse {
    public static func == (lhs: AppFlipResponse, rhs: AppFlipResponse) -> Bool {
        switch (lhs, rhs) {
        case (.success(let code, let state), .success(let otherCode, let otherState)):
            return sameBytes(code, otherCode) && sameBytes(state, otherState)
        case (.failure(let error, let description, let state), .failure(let other, let otherDescription, let otherState)):
            return error == other && sameBytes(description, otherDescription) && sameBytes(state, otherState)
        default:
            return false
        }
    }

    private static func sameBytes(_ a: String?, _ b: String?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return a.utf8.elementsEqual(b.utf8)
    }
}
