// Declaration-only stand-in of the AppKit API the guides use for a macOS app, for `make ios-typecheck`
// (IOSTypecheck/README.md). Follows the macOS 15.0 SDK.
import Foundation

/// https://developer.apple.com/documentation/appkit/nsapplication · macOS 15.0 SDK
@MainActor open class NSApplication: NSObject {}

/// https://developer.apple.com/documentation/appkit/nsapplicationdelegate · macOS 15.0 SDK
@MainActor public protocol NSApplicationDelegate: NSObjectProtocol {
    /// https://developer.apple.com/documentation/appkit/nsapplicationdelegate/application(_:open:) · macOS 15.0 SDK
    func application(_ application: NSApplication, open urls: [URL])
}

/// The protocol's methods are optional in Objective-C; this default plays that part.
extension NSApplicationDelegate {
    /// https://developer.apple.com/documentation/appkit/nsapplicationdelegate/application(_:open:) · macOS 15.0 SDK
    public func application(_ application: NSApplication, open urls: [URL]) {}
}
