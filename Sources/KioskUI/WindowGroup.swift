/// The scene of an app's main content (SwiftUI's `WindowGroup`). A kiosk has one window, the
/// whole panel: the group's content fills it. `id` names the screen for `kiosk ctl screen`
/// and the `--screen` of `snapshot` ("main" by default). A title is taken as SwiftUI takes it
/// and shown nowhere: a kiosk has no title bar.
public struct WindowGroup<Content: View>: Scene, PrimitiveScene {
    public let id: String
    let content: () -> Content

    public init(id: String, @ViewBuilder content: @escaping () -> Content) {
        self.id = id
        self.content = content
    }

    public init(@ViewBuilder content: @escaping () -> Content) {
        self.init(id: "main", content: content)
    }

    public init(_ title: Text, id: String = "main", @ViewBuilder content: @escaping () -> Content) {
        self.init(id: id, content: content)
    }

    public init(_ titleKey: LocalizedStringKey, id: String = "main", @ViewBuilder content: @escaping () -> Content) {
        self.init(Text(titleKey), id: id, content: content)
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, id: String = "main", @ViewBuilder content: @escaping () -> Content) {
        self.init(Text(title), id: id, content: content)
    }

    public var body: Never { fatalError("WindowGroup is primitive") }

    var windows: [SceneWindow] {
        [SceneWindow(id: id) { AnyView(content()) }]
    }
}

/// A single window with an id (SwiftUI's `Window`): on a kiosk, one more screen of the app.
public struct Window<Content: View>: Scene, PrimitiveScene {
    let group: WindowGroup<Content>

    public init(_ title: Text, id: String, @ViewBuilder content: @escaping () -> Content) {
        group = WindowGroup(title, id: id, content: content)
    }

    public init(_ titleKey: LocalizedStringKey, id: String, @ViewBuilder content: @escaping () -> Content) {
        group = WindowGroup(titleKey, id: id, content: content)
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, id: String, @ViewBuilder content: @escaping () -> Content) {
        group = WindowGroup(title, id: id, content: content)
    }

    public var body: Never { fatalError("Window is primitive") }
    var windows: [SceneWindow] { group.windows }
}
