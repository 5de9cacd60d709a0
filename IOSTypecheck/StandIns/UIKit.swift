// Declaration-only stand-in of the UIKit API AccountLink's Apple-only code and guides use, for
// `make ios-typecheck` (IOSTypecheck/README.md). Follows the iOS 18.0 SDK. Each declaration names its
// reference page. Bodies exist only because Swift needs them; nothing here runs.
import Foundation

/// https://developer.apple.com/documentation/foundation/nsuseractivity (Foundation; UIKit re-exports Foundation) · iOS 18.0 SDK
open class NSUserActivity: NSObject {
    /// https://developer.apple.com/documentation/foundation/nsuseractivity/activitytype · iOS 18.0 SDK
    open var activityType: String { "" }
    /// https://developer.apple.com/documentation/foundation/nsuseractivity/webpageurl · iOS 18.0 SDK
    open var webpageURL: URL? { nil }
}

/// https://developer.apple.com/documentation/foundation/nsuseractivitytypebrowsingweb · iOS 18.0 SDK
public let NSUserActivityTypeBrowsingWeb: String = "NSUserActivityTypeBrowsingWeb"

/// https://developer.apple.com/documentation/uikit/uiresponder · iOS 18.0 SDK
@MainActor open class UIResponder: NSObject {}

/// https://developer.apple.com/documentation/uikit/uiview · iOS 18.0 SDK
@MainActor open class UIView: UIResponder {}

/// https://developer.apple.com/documentation/uikit/uiwindow · iOS 18.0 SDK
@MainActor open class UIWindow: UIView {
    /// https://developer.apple.com/documentation/uikit/uiwindow/init(windowscene:) · iOS 18.0 SDK
    public init(windowScene: UIWindowScene) {}
    /// https://developer.apple.com/documentation/uikit/uiwindow/rootviewcontroller · iOS 18.0 SDK
    open var rootViewController: UIViewController?
    /// https://developer.apple.com/documentation/uikit/uiwindow/makekeyandvisible() · iOS 18.0 SDK
    open func makeKeyAndVisible() {}
}

/// https://developer.apple.com/documentation/uikit/uiviewcontroller · iOS 18.0 SDK
@MainActor open class UIViewController: UIResponder {
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/view · iOS 18.0 SDK
    open var view: UIView! { nil }
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/present(_:animated:completion:) · iOS 18.0 SDK
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool,
                      completion: (@MainActor () -> Void)? = nil) {}
}

/// https://developer.apple.com/documentation/uikit/uiaction · iOS 18.0 SDK
@MainActor open class UIAction: NSObject {
    /// https://developer.apple.com/documentation/uikit/uiaction/init(title:image:identifier:discoverabilitytitle:attributes:state:handler:) · iOS 18.0 SDK
    public convenience init(handler: @escaping @MainActor (UIAction) -> Void) { self.init() }
}

/// https://developer.apple.com/documentation/uikit/uicontrol · iOS 18.0 SDK
@MainActor open class UIControl: UIView {
    /// https://developer.apple.com/documentation/uikit/uicontrol/event · iOS 18.0 SDK
    public struct Event: OptionSet, Sendable {
        /// https://developer.apple.com/documentation/uikit/uicontrol/event/init(rawvalue:) · iOS 18.0 SDK
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// https://developer.apple.com/documentation/uikit/uicontrol/event/rawvalue · iOS 18.0 SDK
        public let rawValue: UInt
        /// https://developer.apple.com/documentation/uikit/uicontrol/event/primaryactiontriggered · iOS 18.0 SDK
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
    }
    /// https://developer.apple.com/documentation/uikit/uicontrol/addaction(_:for:) · iOS 18.0 SDK
    open func addAction(_ action: UIAction, for controlEvents: UIControl.Event) {}
}

/// https://developer.apple.com/documentation/uikit/uiapplication · iOS 18.0 SDK
@MainActor open class UIApplication: UIResponder {
    /// https://developer.apple.com/documentation/uikit/uiapplication/shared · iOS 18.0 SDK
    open class var shared: UIApplication { UIApplication() }
    /// https://developer.apple.com/documentation/uikit/uiapplication/openexternalurloptionskey · iOS 18.0 SDK
    public struct OpenExternalURLOptionsKey: Hashable, Sendable {
        /// https://developer.apple.com/documentation/uikit/uiapplication/openexternalurloptionskey/universallinksonly · iOS 18.0 SDK
        public static let universalLinksOnly = OpenExternalURLOptionsKey()
    }
    /// https://developer.apple.com/documentation/uikit/uiapplication/openurloptionskey · iOS 18.0 SDK
    public struct OpenURLOptionsKey: Hashable, Sendable {}
    /// https://developer.apple.com/documentation/uikit/uiapplication/launchoptionskey · iOS 18.0 SDK
    public struct LaunchOptionsKey: Hashable, Sendable {}
    /// https://developer.apple.com/documentation/uikit/uiapplication/open(_:options:completionhandler:) (the async form Swift imports) · iOS 18.0 SDK
    open func open(_ url: URL, options: [UIApplication.OpenExternalURLOptionsKey: Any] = [:]) async -> Bool { false }
    /// https://developer.apple.com/documentation/uikit/uiapplication/open(_:options:completionhandler:) · iOS 18.0 SDK
    open func open(_ url: URL, options: [UIApplication.OpenExternalURLOptionsKey: Any] = [:],
                   completionHandler completion: (@MainActor @Sendable (Bool) -> Void)? = nil) {}
}

/// https://developer.apple.com/documentation/uikit/uiapplicationdelegate · iOS 18.0 SDK
@MainActor public protocol UIApplicationDelegate: NSObjectProtocol {
    /// https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:didfinishlaunchingwithoptions:) · iOS 18.0 SDK
    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool
    /// https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:open:options:) · iOS 18.0 SDK
    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> Bool
    /// https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:continue:restorationhandler:) · iOS 18.0 SDK
    func application(_ application: UIApplication, continue userActivity: NSUserActivity,
                     restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void) -> Bool
}

/// The protocol's methods are optional in Objective-C; these defaults play that part.
extension UIApplicationDelegate {
    /// https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:didfinishlaunchingwithoptions:) · iOS 18.0 SDK
    public func application(_ application: UIApplication,
                            didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool { true }
    /// https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:open:options:) · iOS 18.0 SDK
    public func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> Bool { false }
    /// https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:continue:restorationhandler:) · iOS 18.0 SDK
    public func application(_ application: UIApplication, continue userActivity: NSUserActivity,
                            restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void) -> Bool { false }
}

/// https://developer.apple.com/documentation/uikit/uiuseractivityrestoring · iOS 18.0 SDK
@MainActor public protocol UIUserActivityRestoring: NSObjectProtocol {}

/// https://developer.apple.com/documentation/uikit/uiscene · iOS 18.0 SDK
@MainActor open class UIScene: UIResponder {
    /// https://developer.apple.com/documentation/uikit/uiscene/connectionoptions · iOS 18.0 SDK
    @MainActor open class ConnectionOptions: NSObject {
        /// https://developer.apple.com/documentation/uikit/uiscene/connectionoptions/useractivities · iOS 18.0 SDK
        open var userActivities: Set<NSUserActivity> { [] }
        /// https://developer.apple.com/documentation/uikit/uiscene/connectionoptions/urlcontexts · iOS 18.0 SDK
        open var urlContexts: Set<UIOpenURLContext> { [] }
    }
}

/// https://developer.apple.com/documentation/uikit/uiwindowscene · iOS 18.0 SDK
@MainActor open class UIWindowScene: UIScene {}

/// https://developer.apple.com/documentation/uikit/uiscenesession · iOS 18.0 SDK
@MainActor open class UISceneSession: NSObject {}

/// https://developer.apple.com/documentation/uikit/uiopenurlcontext · iOS 18.0 SDK
@MainActor open class UIOpenURLContext: NSObject {
    /// https://developer.apple.com/documentation/uikit/uiopenurlcontext/url · iOS 18.0 SDK
    open var url: URL { URL(fileURLWithPath: "/") }
}

/// https://developer.apple.com/documentation/uikit/uiscenedelegate · iOS 18.0 SDK
@MainActor public protocol UISceneDelegate: NSObjectProtocol {
    /// https://developer.apple.com/documentation/uikit/uiscenedelegate/scene(_:willconnectto:options:) · iOS 18.0 SDK
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
    /// https://developer.apple.com/documentation/uikit/uiscenedelegate/scene(_:continue:) · iOS 18.0 SDK
    func scene(_ scene: UIScene, continue userActivity: NSUserActivity)
    /// https://developer.apple.com/documentation/uikit/uiscenedelegate/scene(_:openurlcontexts:) · iOS 18.0 SDK
    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>)
}

/// The protocol's methods are optional in Objective-C; these defaults play that part.
extension UISceneDelegate {
    /// https://developer.apple.com/documentation/uikit/uiscenedelegate/scene(_:willconnectto:options:) · iOS 18.0 SDK
    public func scene(_ scene: UIScene, willConnectTo session: UISceneSession,
                      options connectionOptions: UIScene.ConnectionOptions) {}
    /// https://developer.apple.com/documentation/uikit/uiscenedelegate/scene(_:continue:) · iOS 18.0 SDK
    public func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {}
    /// https://developer.apple.com/documentation/uikit/uiscenedelegate/scene(_:openurlcontexts:) · iOS 18.0 SDK
    public func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {}
}

/// https://developer.apple.com/documentation/uikit/uiwindowscenedelegate · iOS 18.0 SDK
@MainActor public protocol UIWindowSceneDelegate: UISceneDelegate {
    /// https://developer.apple.com/documentation/uikit/uiwindowscenedelegate/window · iOS 18.0 SDK
    var window: UIWindow? { get set }
}

/// https://developer.apple.com/documentation/uikit/uitextfield · iOS 18.0 SDK
@MainActor open class UITextField: UIControl {
    /// https://developer.apple.com/documentation/uikit/uitextinputtraits/textcontenttype (UITextInputTraits, adopted by UITextField) · iOS 18.0 SDK
    open var textContentType: UITextContentType!
}

/// https://developer.apple.com/documentation/uikit/uitextcontenttype (a string-backed struct in Swift) · iOS 18.0 SDK
public struct UITextContentType: RawRepresentable, Hashable, Sendable {
    /// https://developer.apple.com/documentation/uikit/uitextcontenttype/init(rawvalue:) · iOS 18.0 SDK
    public init(rawValue: String) { self.rawValue = rawValue }
    /// https://developer.apple.com/documentation/uikit/uitextcontenttype/rawvalue · iOS 18.0 SDK
    public let rawValue: String
    /// https://developer.apple.com/documentation/uikit/uitextcontenttype/username · iOS 18.0 SDK
    public static let username = UITextContentType(rawValue: "username")
}
