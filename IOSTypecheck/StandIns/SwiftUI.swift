// Declaration-only stand-in of the SwiftUI API the guides use, for `make ios-typecheck`
// (IOSTypecheck/README.md). Follows the iOS 18.0 SDK.
import Foundation
import UIKit

/// https://developer.apple.com/documentation/swiftui/view · iOS 18.0 SDK
@MainActor @preconcurrency public protocol View {
    /// https://developer.apple.com/documentation/swiftui/view/body-swift.associatedtype · iOS 18.0 SDK
    associatedtype Body: View
    /// https://developer.apple.com/documentation/swiftui/view/body-swift.property · iOS 18.0 SDK
    @ViewBuilder var body: Self.Body { get }
}

/// https://developer.apple.com/documentation/swift/never (SwiftUI makes it a View and a Scene) · iOS 18.0 SDK
extension Never: View, Scene {
    /// https://developer.apple.com/documentation/swift/never/body · iOS 18.0 SDK
    @ViewBuilder public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/viewbuilder · iOS 18.0 SDK
@resultBuilder public struct ViewBuilder {
    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock() · iOS 18.0 SDK
    public static func buildBlock() -> EmptyView { EmptyView() }
    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:) · iOS 18.0 SDK
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:_:) · iOS 18.0 SDK
    public static func buildBlock<C0: View, C1: View>(_ c0: C0, _ c1: C1) -> TupleView<(C0, C1)> { TupleView((c0, c1)) }
    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:_:_:) · iOS 18.0 SDK
    public static func buildBlock<C0: View, C1: View, C2: View>(_ c0: C0, _ c1: C1, _ c2: C2) -> TupleView<(C0, C1, C2)> {
        TupleView((c0, c1, c2))
    }
    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildif(_:) · iOS 18.0 SDK
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildeither(first:) · iOS 18.0 SDK
    public static func buildEither<T: View, F: View>(first: T) -> _ConditionalContent<T, F> { _ConditionalContent() }
    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildeither(second:) · iOS 18.0 SDK
    public static func buildEither<T: View, F: View>(second: F) -> _ConditionalContent<T, F> { _ConditionalContent() }
}

/// https://developer.apple.com/documentation/swiftui/optional (an optional view is a View) · iOS 18.0 SDK
extension Optional: View where Wrapped: View {
    /// https://developer.apple.com/documentation/swiftui/optional/body · iOS 18.0 SDK
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/_conditionalcontent · iOS 18.0 SDK
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    /// https://developer.apple.com/documentation/swiftui/_conditionalcontent/body · iOS 18.0 SDK
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/emptyview · iOS 18.0 SDK
public struct EmptyView: View {
    /// https://developer.apple.com/documentation/swiftui/emptyview/init() · iOS 18.0 SDK
    public init() {}
    /// https://developer.apple.com/documentation/swiftui/emptyview/body · iOS 18.0 SDK
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/tupleview · iOS 18.0 SDK
public struct TupleView<T>: View {
    /// https://developer.apple.com/documentation/swiftui/tupleview/init(_:) · iOS 18.0 SDK
    public init(_ value: T) {}
    /// https://developer.apple.com/documentation/swiftui/tupleview/body · iOS 18.0 SDK
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/text · iOS 18.0 SDK
public struct Text: View {
    /// https://developer.apple.com/documentation/swiftui/text/init(_:)-9d1g4 · iOS 18.0 SDK
    public init<S: StringProtocol>(_ content: S) {}
    /// https://developer.apple.com/documentation/swiftui/text/body · iOS 18.0 SDK
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/button · iOS 18.0 SDK
public struct Button<Label: View>: View {
    /// https://developer.apple.com/documentation/swiftui/button/body · iOS 18.0 SDK
    public var body: Never { fatalError() }
}

extension Button where Label == Text {
    /// https://developer.apple.com/documentation/swiftui/button/init(_:action:)-1asy · iOS 18.0 SDK
    public init<S: StringProtocol>(_ title: S, action: @escaping () -> Void) {}
}

/// https://developer.apple.com/documentation/swiftui/vstack · iOS 18.0 SDK
public struct VStack<Content: View>: View {
    /// https://developer.apple.com/documentation/swiftui/vstack/init(alignment:spacing:content:) · iOS 18.0 SDK
    public init(@ViewBuilder content: () -> Content) {}
    /// https://developer.apple.com/documentation/swiftui/vstack/body · iOS 18.0 SDK
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/modifiedcontent · iOS 18.0 SDK
public struct ModifiedContent<Content, Modifier> {}

extension ModifiedContent: View where Content: View {
    /// https://developer.apple.com/documentation/swiftui/modifiedcontent/body · iOS 18.0 SDK
    public var body: Never { fatalError() }
}

/// The `View` modifiers the guides use.
extension View {
    /// https://developer.apple.com/documentation/swiftui/view/onopenurl(perform:) · iOS 18.0 SDK
    public func onOpenURL(perform action: @escaping (URL) -> Void) -> some View { ModifiedContent<Self, URL>() }
    /// https://developer.apple.com/documentation/swiftui/view/oncontinueuseractivity(_:perform:) · iOS 18.0 SDK
    public func onContinueUserActivity(_ activityType: String, perform action: @escaping (NSUserActivity) -> Void)
        -> some View { ModifiedContent<Self, NSUserActivity>() }
    /// https://developer.apple.com/documentation/swiftui/view/task(priority:_:) · iOS 18.0 SDK
    public func task(priority: TaskPriority = .userInitiated, _ action: @escaping @Sendable () async -> Void)
        -> some View { ModifiedContent<Self, TaskPriority>() }
}

/// https://developer.apple.com/documentation/swiftui/scene · iOS 18.0 SDK
@MainActor @preconcurrency public protocol Scene {
    /// https://developer.apple.com/documentation/swiftui/scene/body-swift.associatedtype · iOS 18.0 SDK
    associatedtype Body: Scene
    /// https://developer.apple.com/documentation/swiftui/scene/body-swift.property · iOS 18.0 SDK
    @SceneBuilder var body: Self.Body { get }
}

/// https://developer.apple.com/documentation/swiftui/scenebuilder · iOS 18.0 SDK
@resultBuilder public struct SceneBuilder {
    /// https://developer.apple.com/documentation/swiftui/scenebuilder/buildblock(_:) · iOS 18.0 SDK
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

/// https://developer.apple.com/documentation/swiftui/windowgroup · iOS 18.0 SDK
public struct WindowGroup<Content: View>: Scene {
    /// https://developer.apple.com/documentation/swiftui/windowgroup/init(content:) · iOS 18.0 SDK
    public init(@ViewBuilder content: () -> Content) {}
    /// https://developer.apple.com/documentation/swiftui/windowgroup/body · iOS 18.0 SDK
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/app · iOS 18.0 SDK
@MainActor @preconcurrency public protocol App {
    /// https://developer.apple.com/documentation/swiftui/app/body-swift.associatedtype · iOS 18.0 SDK
    associatedtype Body: Scene
    /// https://developer.apple.com/documentation/swiftui/app/body-swift.property · iOS 18.0 SDK
    @SceneBuilder var body: Self.Body { get }
    /// https://developer.apple.com/documentation/swiftui/app/init() · iOS 18.0 SDK
    init()
}

/// https://developer.apple.com/documentation/swiftui/state · iOS 18.0 SDK
@propertyWrapper public struct State<Value>: DynamicProperty {
    /// https://developer.apple.com/documentation/swiftui/state/init(wrappedvalue:) · iOS 18.0 SDK
    public init(wrappedValue value: Value) {}
    /// https://developer.apple.com/documentation/swiftui/state/wrappedvalue · iOS 18.0 SDK
    public var wrappedValue: Value { get { fatalError() } nonmutating set {} }
    /// https://developer.apple.com/documentation/swiftui/state/projectedvalue · iOS 18.0 SDK
    public var projectedValue: Binding<Value> { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/binding · iOS 18.0 SDK
@propertyWrapper @dynamicMemberLookup public struct Binding<Value>: DynamicProperty {
    /// https://developer.apple.com/documentation/swiftui/binding/init(projectedvalue:) · iOS 18.0 SDK
    public init(projectedValue: Binding<Value>) {}
    /// https://developer.apple.com/documentation/swiftui/binding/wrappedvalue · iOS 18.0 SDK
    public var wrappedValue: Value { get { fatalError() } nonmutating set {} }
    /// https://developer.apple.com/documentation/swiftui/binding/projectedvalue · iOS 18.0 SDK
    public var projectedValue: Binding<Value> { self }
    /// https://developer.apple.com/documentation/swiftui/binding/subscript(dynamicmember:) · iOS 18.0 SDK
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/dynamicproperty · iOS 18.0 SDK
public protocol DynamicProperty {}

/// `@main` on an `App` calls this.
extension App {
    /// https://developer.apple.com/documentation/swiftui/app/main() · iOS 18.0 SDK
    @MainActor public static func main() {}
}
