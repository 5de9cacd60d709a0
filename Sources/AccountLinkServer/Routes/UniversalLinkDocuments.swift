/// The association files that let the maker's apps open the App Flip link
/// (https://developers.google.com/identity/account-linking/app-flip-ios:
/// Associated Domains; https://developers.google.com/identity/account-linking/app-flip-android for Android).
/// Pure values of the configuration.
enum UniversalLinkDocuments {
    /// Apple's `apple-app-site-association`: the modern `applinks.details[].appIDs` + `components`
    /// form (iOS 13+) and, in the same entry, the legacy `appID` + `paths` form that older iOS
    /// versions read; `apps` must be present and empty for them (Apple, "Supporting associated domains").
    struct AppleAssociation: Encodable, Equatable {
        struct Component: Encodable, Equatable {
            let path: String
            let comment: String

            enum CodingKeys: String, CodingKey {
                case path = "/"
                case comment
            }
        }

        struct Detail: Encodable, Equatable {
            let appIDs: [String]
            let components: [Component]
            let appID: String
            let paths: [String]
        }

        struct AppLinks: Encodable, Equatable {
            let apps: [String]
            let details: [Detail]
        }

        let applinks: AppLinks
    }

    static func appleAssociation(appIDs: [String], appFlipPath: String) -> AppleAssociation {
        let component = AppleAssociation.Component(path: appFlipPath, comment: "App Flip link opened by Google's app")
        let details = appIDs.map {
            AppleAssociation.Detail(appIDs: [$0], components: [component], appID: $0, paths: [appFlipPath])
        }
        return AppleAssociation(applinks: .init(apps: [], details: details))
    }

    /// Android's Digital Asset Links statement list (`/.well-known/assetlinks.json`); `[]` when no
    /// package is configured.
    struct AssetLink: Encodable, Equatable {
        struct Target: Encodable, Equatable {
            let namespace: String
            let package_name: String
            let sha256_cert_fingerprints: [String]
        }

        let relation: [String]
        let target: Target
    }

    static func assetLinks(package: String?, fingerprints: [String]) -> [AssetLink] {
        guard let package, !package.isEmpty else { return [] }
        let target = AssetLink.Target(
            namespace: "android_app", package_name: package,
            sha256_cert_fingerprints: fingerprints.map { $0.uppercased() })
        return [AssetLink(relation: ["delegate_permission/common.handle_all_urls"], target: target)]
    }
}
