// swift-tools-version:6.0
import PackageDescription

// Module boundaries follow docs/architecture.md: each C library is imported by one Swift module,
// OAuthCore never sees HTTP or C, and AppFlipKit and AccountLinkKit depend on Foundation only
// (plus GoogleRedirects, itself Foundation-only).
let package = Package(
    name: "AccountLink",
    platforms: [.macOS(.v14), .iOS(.v16)],
    products: [
        .executable(name: "accountlink", targets: ["accountlink"]),
        .library(name: "AppFlipKit", targets: ["AppFlipKit"]),
        .library(name: "AccountLinkKit", targets: ["AccountLinkKit"]),
    ],
    targets: [
        .systemLibrary(name: "CMicroHTTPD", path: "Sources/CMicroHTTPD", pkgConfig: "libmicrohttpd",
                       providers: [.apt(["libmicrohttpd-dev"])]),
        .systemLibrary(name: "COpenSSL", path: "Sources/COpenSSL", pkgConfig: "libcrypto",
                       providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3",
                       providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CSodium", path: "Sources/CSodium", pkgConfig: "libsodium",
                       providers: [.apt(["libsodium-dev"])]),
        .systemLibrary(name: "CLibPQ", path: "Sources/CLibPQ", pkgConfig: "libpq",
                       providers: [.apt(["libpq-dev"])]),
        .systemLibrary(name: "CCurl", path: "Sources/CCurl", pkgConfig: "libcurl",
                       providers: [.apt(["libcurl4-openssl-dev"])]),
        .target(name: "CShims", dependencies: ["CMicroHTTPD"]),
        .target(name: "CSQLiteSetup", dependencies: ["CSQLite"]),

        .target(name: "Support"),
        .target(name: "JOSE", dependencies: ["Support", "COpenSSL"]),
        // The one App Flip redirect-URI rule, shared by AppFlipKit (the app) and OAuthCore (the server).
        .target(name: "GoogleRedirects"),
        // The WebAuthn relying party's parsing and checks (docs/architecture.md); no C of its own.
        .target(name: "WebAuthn", dependencies: ["Support", "JOSE"]),
        // A software authenticator for tests only (never linked into the product).
        .target(name: "WebAuthnTesting", dependencies: ["WebAuthn", "JOSE", "Support"]),
        .target(name: "OAuthCore", dependencies: ["Support", "JOSE", "GoogleRedirects"]),
        .target(name: "Identity", dependencies: ["OAuthCore", "JOSE", "Support", "CSodium", "WebAuthn", "Mail"],
                resources: [.copy("Resources/common-passwords.txt")]),
        .target(name: "Mail", dependencies: ["OAuthCore", "JOSE", "Support", "Pages", "CCurl"]),
        // Webhooks and back-channel logout: signing and the delivery worker (docs/webhooks.md).
        .target(name: "Events", dependencies: ["OAuthCore", "JOSE", "Support"]),
        // The stores implement the records of the modules that own them (Mail's outbox, Identity's Apple transfers).
        .target(name: "StoreMemory", dependencies: ["OAuthCore", "Mail", "Identity", "Support"]),
        .target(name: "StoreSQL", dependencies: ["OAuthCore", "Mail", "Identity", "Support"]),
        .target(name: "StoreSQLite", dependencies: ["OAuthCore", "Mail", "Identity", "Support", "StoreSQL", "CSQLite", "CSQLiteSetup"]),
        .target(name: "StorePostgres", dependencies: ["OAuthCore", "Mail", "Identity", "Support", "StoreSQL", "CLibPQ"]),
        .target(name: "StoreConformance", dependencies: ["OAuthCore", "Mail", "Identity", "Support"]),
        .target(name: "Pages", dependencies: ["Support"]),
        .target(name: "HTTPServer", dependencies: ["Support", "CMicroHTTPD", "CShims"]),
        // The configuration as one validated value: files, environment, flags, the master key (docs/architecture.md).
        .target(name: "Settings", dependencies: ["Support", "JOSE", "Pages", "Events", "StorePostgres", "WebAuthn", "Identity"]),
        // The opened runtime (database, master key, the services the configuration composes) and the
        // operator's tools: doctor, schema check, backup and restore, the startup banner.
        .target(name: "Operations",
                dependencies: ["Settings", "Support", "JOSE", "OAuthCore", "Identity", "StoreSQL", "StoreSQLite",
                               "StorePostgres", "Mail", "Events", "Pages", "AppFlipKit", "GoogleRedirects"]),
        // The admin listener's JSON API (ACCOUNTLINK_ADMIN_LISTEN): HTTP translation over the operator's flows,
        // the same ones the CLI calls (docs/operations.md, Admin API).
        .target(name: "AdminHTTP",
                dependencies: ["Support", "OAuthCore", "Identity", "HTTPServer", "Events", "Operations"]),
        .target(name: "AccountLinkServer",
                dependencies: ["Support", "JOSE", "OAuthCore", "Identity", "StoreMemory", "StoreSQL", "StoreSQLite",
                               "StorePostgres", "Pages", "HTTPServer", "AppFlipKit", "Mail", "WebAuthn", "Events",
                               "Settings", "Operations", "AdminHTTP"]),
        .target(name: "AppFlipKit", dependencies: ["GoogleRedirects"]),
        .target(name: "AccountLinkKit", dependencies: ["AppFlipKit"]),
        .executableTarget(name: "accountlink-bench",
                         dependencies: ["JOSE", "OAuthCore", "StoreSQLite", "StorePostgres", "Support", "CSQLiteSetup",
                                        "AccountLinkServer", "HTTPServer", "Settings", "Operations"]),
        // libFuzzer targets (scripts/fuzz.sh builds them with -sanitize=fuzzer,address -DFUZZING);
        // a normal build replays the saved corpora (`make test`).
        .executableTarget(name: "accountlink-fuzz", dependencies: ["Support", "JOSE", "HTTPServer", "AppFlipKit", "WebAuthn"]),
        .executableTarget(name: "accountlink", dependencies: ["AccountLinkServer", "Settings", "Operations", "Events", "JOSE", "OAuthCore", "Identity", "Mail", "HTTPServer", "Support", "AppFlipKit"]),

        .testTarget(name: "SupportTests", dependencies: ["Support"]),
        .testTarget(name: "CLITests", dependencies: ["accountlink", "Support", "Settings", "Operations"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "Support"]),
        .testTarget(name: "StoreMemoryTests", dependencies: ["StoreMemory", "StoreConformance", "OAuthCore", "Identity", "Support"]),
        .testTarget(name: "StoreSQLiteTests", dependencies: ["StoreSQLite", "StoreConformance", "StoreSQL", "OAuthCore", "Identity", "Support", "CSQLite", "CSQLiteSetup"]),
        .testTarget(name: "IdentityTests",
                    dependencies: ["Identity", "OAuthCore", "JOSE", "Mail", "StoreMemory", "StoreSQLite", "StorePostgres",
                                   "Support", "WebAuthn", "WebAuthnTesting"]),
        .testTarget(name: "StorePostgresTests",
                    dependencies: ["StorePostgres", "StoreConformance", "OAuthCore", "Identity", "Mail", "Support"]),
        .testTarget(name: "AppFlipKitTests", dependencies: ["AppFlipKit"]),
        .testTarget(name: "AccountLinkKitTests",
                    dependencies: ["AccountLinkKit", "AppFlipKit", "AccountLinkServer", "HTTPServer", "JOSE", "Settings", "Operations",
                                   "OAuthCore", "Support", "WebAuthn", "WebAuthnTesting"]),
        // What only the HTTP layer does: routing, cookies, CSRF, security headers (the app driven in process).
        .testTarget(name: "AccountLinkServerTests",
                    dependencies: ["AccountLinkServer", "AdminHTTP", "HTTPServer", "Identity", "OAuthCore", "Support", "Settings",
                                   "Operations"]),
        // What Operations does without a server: the startup banner.
        .testTarget(name: "OperationsTests", dependencies: ["Operations"]),
        .testTarget(name: "PagesTests", dependencies: ["Pages", "Support"]),
        .testTarget(name: "MailTests", dependencies: ["Mail", "OAuthCore", "Identity", "StoreMemory", "Pages", "Support"]),
        .testTarget(name: "OAuthCoreTests", dependencies: ["OAuthCore", "GoogleRedirects", "StoreMemory", "Support", "JOSE"]),
        .testTarget(name: "WebAuthnTests", dependencies: ["WebAuthn", "WebAuthnTesting", "JOSE", "Support"], resources: [.copy("Vectors")]),
        .testTarget(name: "JOSETests", dependencies: ["JOSE", "Support"], resources: [.copy("Vectors")]),
    ]
)
