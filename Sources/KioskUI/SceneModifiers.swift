extension Scene {
    /// Sets an environment value for every view in this scene's windows.
    public func environment<Value>(_ keyPath: WritableKeyPath<EnvironmentValues, Value>, _ value: Value) -> some Scene {
        ModifiedScene(content: self) { view in AnyView(view.environment(keyPath, value)) }
    }
}

/// A scene whose windows' content is wrapped by a view modifier.
struct ModifiedScene<Content: Scene>: Scene, PrimitiveScene {
    let content: Content
    let modify: (AnyView) -> AnyView

    var body: Never { fatalError("ModifiedScene is primitive") }

    var windows: [SceneWindow] {
        content.windows.map { window in
            SceneWindow(id: window.id) { modify(window.content()) }
        }
    }
}
