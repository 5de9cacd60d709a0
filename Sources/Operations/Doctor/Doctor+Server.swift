import Foundation
import Support

extension Doctor {
    /// What Google and Apple fetch from the issuer: discovery, keys and the association file.
    func serverFindings() async -> [Finding] {
        let issuer = runtime.configuration.issuerString
        var base = via ?? issuer
        while base.hasSuffix("/") { base.removeLast() }
        guard let discovery = await fetch(base + "/.well-known/openid-configuration") else {
            return [Self.fail("server", "no server answers at \(base)",
                              "start `accountlink serve` and make \(base) reach it, then run doctor again")]
        }
        var findings = [discoveryFinding(discovery, issuer)]
        findings.append(await keysFinding(base))
        findings.append(await associationFinding(base))
        return findings
    }

    private func discoveryFinding(_ answer: (status: Int, body: Data), _ issuer: String) -> Finding {
        let object = try? JSONSerialization.jsonObject(with: answer.body) as? [String: Any]
        guard answer.status == 200, let announced = object?["issuer"] as? String else {
            return Self.fail("discovery", "/.well-known/openid-configuration answered \(answer.status)",
                             "check the proxy in front of the server forwards /.well-known/")
        }
        return announced.sameBytes(issuer)
            ? Self.pass("discovery", "discovery names the issuer \(issuer)")
            : Self.fail("discovery", "the server announces the issuer \(announced), not \(issuer)",
                        "give the server and doctor the same ACCOUNTLINK_ISSUER")
    }

    private func keysFinding(_ issuer: String) async -> Finding {
        guard let answer = await fetch(issuer + "/jwks.json"), answer.status == 200,
            let object = try? JSONSerialization.jsonObject(with: answer.body) as? [String: Any],
            let keys = object["keys"] as? [Any], !keys.isEmpty
        else {
            return Self.fail("jwks", "/jwks.json does not publish any key", "run `accountlink keys rotate`")
        }
        return Self.pass("jwks", "\(keys.count) signing key(s) published")
    }

    /// Apple fetches the file over https without redirects; App Flip needs the app IDs and the path.
    private func associationFinding(_ issuer: String) async -> Finding {
        let configuration = runtime.configuration
        // Without app IDs there is nothing to serve: `apple_app_ids` alone says whether that matters.
        if configuration.appleAppIDs.isEmpty {
            return Self.pass("apple_app_site_association", "no iOS app IDs configured: nothing to serve")
        }
        guard let answer = await fetch(issuer + "/.well-known/apple-app-site-association"), answer.status == 200 else {
            return Self.fail("apple_app_site_association", "the association file is not served",
                             "set ACCOUNTLINK_APPLE_APP_IDS and serve /.well-known/ without redirects")
        }
        let text = String(decoding: answer.body, as: UTF8.self)
        let missing = configuration.appleAppIDs.filter { !text.contains($0) }
        guard !configuration.appleAppIDs.isEmpty, missing.isEmpty, text.contains(configuration.appFlipPath) else {
            return Self.fail("apple_app_site_association",
                             "the association file lacks the app IDs or the App Flip path \(configuration.appFlipPath)",
                             "set ACCOUNTLINK_APPLE_APP_IDS and ACCOUNTLINK_APP_FLIP_PATH on the server")
        }
        return Self.pass("apple_app_site_association", "app IDs and \(configuration.appFlipPath) are served")
    }
}
