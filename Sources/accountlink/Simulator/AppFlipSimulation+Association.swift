import Foundation

/// Whether iOS would open the App Flip link in the app at all: the link's host must serve an
/// `apple-app-site-association` whose applinks cover the link's path (Apple, "Supporting
/// associated domains"). A miss is reported, not fatal: the server's endpoints still work.
extension AppFlipSimulation {
    func checkAssociation() async {
        let link = settings.appLink
        guard var components = URLComponents(url: link, resolvingAgainstBaseURL: false) else { return }
        components.path = "/.well-known/apple-app-site-association"
        components.query = nil
        guard let url = components.url, let answer = try? await http.get(url) else {
            report.detail("note: could not fetch apple-app-site-association from \(link.host ?? "the link's host")")
            return
        }
        let details = (answer.json?["applinks"] as? [String: Any])?["details"] as? [[String: Any]] ?? []
        let apps = details.filter { detail in
            let paths = detail["paths"] as? [String] ?? []
            let components = (detail["components"] as? [[String: Any]] ?? []).compactMap { $0["/"] as? String }
            return (paths + components).contains(link.path)
        }.flatMap { $0["appIDs"] as? [String] ?? ($0["appID"] as? String).map { [$0] } ?? [] }
        report.detail(apps.isEmpty
            ? "note: apple-app-site-association (HTTP \(answer.status)) lists no app for \(link.path): iOS would open the link in the browser"
            : "iOS opens it in the app: apple-app-site-association lists \(link.path) for \(apps.joined(separator: ", "))")
    }
}
