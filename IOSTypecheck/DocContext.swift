// The app's own names that the guides' `// iOS app only` blocks assume (the view controller they present
// from, the window, the kit instance, ...), declared once so that `make ios-typecheck` can check the
// blocks as an app target would compile them. Not part of any product.
import AccountLinkKit
import AppFlipKit
import Foundation
import SwiftUI
import UIKit

/// The app's one `AccountLink` (docs/ios-apple-sign-in.md §2, `makeAccountLink()`).
@MainActor let accountLink = makeAccountLink()
/// The view controller a sign-in sheet is presented from.
@MainActor let viewController = UIViewController()
/// The window Apple's sheet is anchored to.
@MainActor let window = UIWindow(windowScene: UIWindowScene())
/// The App Flip request waiting for the person's answer on the consent screen.
@MainActor var pendingAppFlip: AppFlipRequest?
/// Kept for the app's lifetime (docs/ios-apple-sign-in.md §5).
@MainActor var revokedObserver: (any NSObjectProtocol)?
/// Where the app's navigation shows its sign-in screen.
@MainActor func showSignIn() {}

/// The app's first screen.
struct ContentView: View {
    var body: some View { Text("Home") }
}
