/// The association files that let the maker's apps open the App Flip link
/// (https://developers.google.com/identity/account-linking/app-flip-ios:
/// Associated Domains; https://developers.google.com/identity/account-linking/app-flip-android for Android).
/// Pure values of the configuration.
public enum UniversalLinkDocuments {
    /// Apple's `apple-app-site-association`: the modern `applinks.details[].appIDs` + `components`
    /// form (iOS 13+) and, in the same entry, the legacy `appID` + `paths` form that older iOS
    /// versions read; `apps` must be present and empty for them (Apple, "Supporting associated domains").
    public struct AppleAssociation: Encodable, Equatable {
        public struct Component: Encodable, Equatable {
            public let path: String
            public let comment: String

            enum CodingKeys: String, CodingKey {
                case path = "/"
                case comment
            }
        }

        public struct Detail: Encodable, Equatable {
            public let appIDs: [String]
            public let components: [Component]
            public let appID: String
            public let paths: [String]
        }

        public struct AppLinks: Encodable, Equatable {
            public let apps: [String]
            public let details: [Detail]
        }

        /// Password AutoFill: the same apps may offer the passwords saved for this domain
        /// (Apple, "Supporting associated domains": `webcredentials.apps`).
        public struct WebCredentials: Encodable, Equatable {
            public let apps: [String]
        }

        public let applinks: AppLinks
        public let webcredentials: WebCredentials
    }

    public static func appleAssociation(appIDs: [String], appFlipPath: String) -> AppleAssociation {
        let component = AppleAssociation.Component(path: appFlipPath, comment: "App Flip link opened by Google's app")
        let details = appIDs.map {
            AppleAssociation.Detail(appIDs: [$0], components: [component], appID: $0, paths: [appFlipPath])
        }
        return AppleAssociation(applinks: .init(apps: [], details: details), webcredentials: .init(apps: appIDs))
    }

    /// Android's Digital Asset Links statement list (`/.well-known/assetlinks.json`); `[]` when no
    /// package is configured.
    public struct AssetLink: Encodable, Equatable {
        public struct Target: Encodable, Equatable {
            public let namespace: String
            public let package_name: String
            public let sha256_cert_fingerprints: [String]
        }

        public let relation: [String]
        public let target: Target
    }

    public static func assetLinks(package: String?, fingerprints: [String]) -> [AssetLink] {
        guard let package, !package.isEmpty else { return [] }
        let target = AssetLink.Target(
            namespace: "android_app", package_name: package,
            sha256_cert_fingerprints: fingerprints.map { $0.uppercased() })
        return [AssetLink(relation: ["delegate_permission/common.handle_all_urls"], target: target)]
    }
}
