// Temporary stand-ins until the oauth and appflip branches land; deleted at merge.
import JOSE
import Support
enum ClientSecret {
    static func generate(_ random: any RandomSource) -> String { "als_" + random.token(byteCount: 32) }
    static func hash(_ secret: String) -> String { Base64URL.encode(SHA256.hash(secret)) }
}
enum GoogleRedirectURIs {
    static let appFlip: [String] = ["https://oauth-redirect.googleusercontent.com", "https://oauth-redirect-sandbox.googleusercontent.com"]
        .flatMap { host in ["com.google.Chromecast", "com.google.Chromecast.dev", "com.google.Chromecast.enterprise",
                            "com.google.OPA", "com.google.OPA.dev", "com.google.OPA.enterprise"].map { host + "/a/" + $0 } }
    static func web(project: String) -> [String] {
        ["https://oauth-redirect.googleusercontent.com/r/\(project)", "https://oauth-redirect-sandbox.googleusercontent.com/r/\(project)"]
    }
}
