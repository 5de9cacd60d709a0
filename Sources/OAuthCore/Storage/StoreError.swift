/// What a store reports. `unavailable` is transient and must become a 5xx on the wire, never
/// `invalid_grant` (Google unlinks users on `invalid_grant`; docs/architecture.md, Decisions).
public enum StoreError: Error, Equatable, CustomStringConvertible {
    /// The database cannot be reached or is busy; try again later.
    case unavailable(String)
    /// A uniqueness rule was violated (duplicate id, provider+subject, email of an active password user).
    case conflict(String)
    /// Stored data could not be read back (a bug or a damaged database).
    case corrupt(String)

    public var description: String {
        switch self {
        case .unavailable(let detail): "storage unavailable: \(detail)"
        case .conflict(let detail): "conflict: \(detail)"
        case .corrupt(let detail): "corrupt data: \(detail)"
        }
    }
}
