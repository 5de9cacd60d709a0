import Foundation
import Support
import Pages

/// The pages' branding settings (docs/pages.md), each refused at start with its name when wrong.
extension ConfigurationLoader {
    static let logoTypes = ["png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "svg": "image/svg+xml",
                            "webp": "image/webp", "gif": "image/gif"]
    static let logoLimit = 512 * 1024

    /// `ACCOUNTLINK_LOGO_URL`: an https URL, or a local image file served at `/branding/logo`.
    /// A `data:` URL is refused (pages are served under a CSP, and such logos showed broken).
    func parseLogo() throws -> (String?, ServerConfiguration.LogoFile?) {
        guard let raw = value(Self.logoURL)?.trimmingCharacters(in: .whitespaces), !raw.isEmpty else { return (nil, nil) }
        let key = name(Self.logoURL)
        let lower = raw.lowercased()
        if lower.hasPrefix("data:") {
            throw ConfigurationError(key: key, "a data: URL is not accepted; give an https:// URL or the path of a local image file")
        }
        if lower.hasPrefix("https://") {
            guard URL(string: raw)?.host != nil else { throw ConfigurationError(key: key, "\"\(raw)\" is not a valid URL") }
            return (raw, nil)
        }
        let path = lower.hasPrefix("file://") ? String(raw.dropFirst("file://".count)) : raw
        guard path.hasPrefix("/") else {
            throw ConfigurationError(key: key, "must be an https:// URL or the absolute path of a local image file")
        }
        return (ServerConfiguration.LogoFile.path, try readLogo(path, key: key))
    }

    func readLogo(_ path: String, key: String) throws -> ServerConfiguration.LogoFile {
        let ext = (path as NSString).pathExtension.lowercased()
        guard let type = Self.logoTypes[ext] else {
            throw ConfigurationError(key: key, "\(path): the logo must be a .png, .jpg, .svg, .webp or .gif file")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError(key: key, "cannot read \(path)")
        }
        guard !data.isEmpty, data.count <= Self.logoLimit else {
            throw ConfigurationError(key: key, "\(path) must be between 1 byte and 512 KiB")
        }
        return .init(bytes: [UInt8](data), contentType: type)
    }

    /// `ACCOUNTLINK_ACCENT_COLOR`: `#rrggbb` (or `#rgb`) dark enough for white text on it
    /// (WCAG 2.1 §1.4.3: contrast at least 4.5:1).
    func parseAccentColor() throws -> String? {
        guard let raw = value(Self.accentColor)?.trimmingCharacters(in: .whitespaces), !raw.isEmpty else { return nil }
        let key = name(Self.accentColor)
        guard PageFrame.isHexColor(raw) else { throw ConfigurationError(key: key, "expected a colour like #1a56b0, got \"\(raw)\"") }
        let ratio = Self.contrastWithWhite(raw)
        guard ratio >= 4.5 else {
            throw ConfigurationError(
                key: key, "\(raw) is too light: white text on it has contrast \(String(format: "%.1f", ratio)):1, below 4.5:1 (WCAG 2.1 AA)")
        }
        return raw.lowercased()
    }

    /// WCAG 2.1 relative luminance, against white (1.05 / (L + 0.05)).
    static func contrastWithWhite(_ hex: String) -> Double {
        var digits = String(hex.dropFirst())
        if digits.count == 3 { digits = digits.map { "\($0)\($0)" }.joined() }
        let value = Int(digits, radix: 16) ?? 0
        let channels = [(value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF].map { (c: Int) -> Double in
            let s = Double(c) / 255
            return s <= 0.03928 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
        }
        let luminance = 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
        return 1.05 / (luminance + 0.05)
    }

    /// `ACCOUNTLINK_PRIVACY_URL`, `ACCOUNTLINK_TERMS_URL`: https (http only on loopback).
    func parsePolicyURL(_ setting: Setting) throws -> String? {
        guard let raw = value(setting), !raw.isEmpty else { return nil }
        guard let url = URL(string: raw), let host = url.host,
            url.scheme == "https" || (url.scheme == "http" && LoopbackHost.contains(host))
        else { throw ConfigurationError(key: name(setting), "\"\(raw)\" must be an https:// URL") }
        return raw
    }
}
