import AppFlipKit
import Foundation
import GoogleRedirects
import OAuthCore

extension Doctor {
    /// Every Google client carries both web redirect URIs of its project, and App Flip clients all
    /// twelve App Flip URIs (README.md, CLI: `client add`); Google wants stable refresh tokens.
    func clientFindings() throws -> [Finding] {
        let google = try runtime.storage.listClients().filter { client in
            client.redirectURIs.contains { Self.project($0) != nil }
        }
        guard !google.isEmpty else {
            return [Self.fail("google_client", "no client has Google's redirect URIs",
                              "accountlink client add --id google --name Google --google-project PROJECT_ID --app-flip")]
        }
        return google.flatMap(check)
    }

    private func check(_ client: Client) -> [Finding] {
        let name = "google_client:\(client.id)"
        var findings: [Finding] = []
        let projects = Set(client.redirectURIs.compactMap(Self.project))
        let missingWeb = projects.flatMap(GoogleRedirectURIs.web).filter { !client.redirectURIs.containsBytes($0) }
        findings.append(projects.isEmpty || !missingWeb.isEmpty
            ? Self.fail(name, "missing Google web redirect URIs \(missingWeb.joined(separator: ", "))",
                        "register the client again with --google-project PROJECT_ID")
            : Self.pass(name, "web redirect URIs for \(projects.sorted().joined(separator: ", "))"))
        let missingFlip = GoogleRedirectURIs.appFlip.filter { !client.redirectURIs.containsBytes($0) }
        if client.appFlip || missingFlip.count < GoogleRedirectURIs.appFlip.count {
            findings.append(missingFlip.isEmpty
                ? Self.pass(name + ":app_flip", "all \(GoogleRedirectURIs.appFlip.count) App Flip redirect URIs")
                : Self.fail(name + ":app_flip", "\(missingFlip.count) App Flip redirect URIs are missing",
                            "register the client again with --app-flip"))
        }
        if client.rotateRefreshTokens {
            findings.append(Self.fail(name + ":refresh", "refresh tokens rotate; Google expects stable ones",
                                      "register the client again without --rotate-refresh-tokens"))
        }
        return findings
    }

    /// `https://oauth-redirect(-sandbox).googleusercontent.com/r/PROJECT` → PROJECT.
    static func project(_ uri: String) -> String? {
        for host in GoogleRedirectURIs.hosts.map({ "https://\($0)/r/" }) where uri.utf8.starts(with: host.utf8) {
            return String(uri.dropFirst(host.count))
        }
        return nil
    }
}
