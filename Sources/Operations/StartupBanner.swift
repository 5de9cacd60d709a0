/// The lines for people that `accountlink serve` prints on stdout once it listens, beside the JSON
/// logs on stderr (README.md, The two commands): where it serves, the admin listener, and what to do
/// next when no client is registered yet. A pure function of what the server knows at start.
public enum StartupBanner {
    public struct Facts: Sendable {
        public var issuer: String
        public var listening: String
        public var admin: String?
        public var clientCount: Int

        public init(issuer: String, listening: String, admin: String?, clientCount: Int) {
            self.issuer = issuer
            self.listening = listening
            self.admin = admin
            self.clientCount = clientCount
        }
    }

    public static func lines(_ facts: Facts) -> [String] {
        var lines = ["AccountLink is serving \(facts.issuer) (listening on \(facts.listening)); "
            + "try \(facts.issuer)/.well-known/openid-configuration"]
        if let admin = facts.admin {
            lines.append("Admin API on http://\(admin)/admin (Bearer ACCOUNTLINK_ADMIN_TOKEN); its description at /admin/openapi.json")
        } else {
            lines.append("No admin API: set ACCOUNTLINK_ADMIN_LISTEN and ACCOUNTLINK_ADMIN_TOKEN to have one")
        }
        if facts.clientCount == 0 {
            lines.append("Next: no client is registered yet. To link with Google Home: accountlink client add "
                + "--id google --name Google --google-project YOUR_PROJECT_ID (docs/google-home-linking.md); "
                + "accountlink --help lists the rest")
        } else {
            lines.append("\(facts.clientCount) client\(facts.clientCount == 1 ? "" : "s") registered "
                + "(accountlink client list); logs follow as JSON lines on stderr")
        }
        return lines
    }
}
