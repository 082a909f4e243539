/// A part of an app's user interface (SwiftUI's `Scene`). On a kiosk a scene is one or more
/// full-screen windows; an app composes scenes in its `body` as a view composes views.
@MainActor
public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder var body: Body { get }
}

/// A scene made of no other scene: it names its windows itself.
@MainActor
protocol PrimitiveScene: Scene where Body == Never {
    var windows: [SceneWindow] { get }
}

/// One full-screen window a scene shows: a screen of the kiosk.
struct SceneWindow {
    let id: String
    let content: () -> AnyView
}

extension Scene {
    /// The windows of this scene, depth first, in the order the app wrote them.
    var windows: [SceneWindow] {
        if let primitive = self as? any PrimitiveScene { return primitive.windows }
        return body.windows
    }
}

extension Never: Scene {}

/// Builds an app's scenes from the statements of a `body` (SwiftUI's `SceneBuilder`).
@MainActor
@resultBuilder
public enum SceneBuilder {
    public static func buildExpression<Content: Scene>(_ content: Content) -> Content { content }
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: Scene>(_ content: repeat each Content) -> TupleScene<repeat each Content> {
        TupleScene(repeat each content)
    }
    public static func buildOptional<Content: Scene>(_ content: Content?) -> OptionalScene<Content> {
        OptionalScene(content: content)
    }
    public static func buildEither<First: Scene, Second: Scene>(first: First) -> ConditionalScene<First, Second> {
        ConditionalScene(content: .first(first))
    }
    public static func buildEither<First: Scene, Second: Scene>(second: Second) -> ConditionalScene<First, Second> {
        ConditionalScene(content: .second(second))
    }
}

/// Several scenes written one after another in a `body`.
public struct TupleScene<each Content: Scene>: Scene, PrimitiveScene {
    let content: (repeat each Content)

    init(_ content: repeat each Content) {
        self.content = (repeat each content)
    }

    public var body: Never { fatalError("TupleScene is primitive") }

    var windows: [SceneWindow] {
        var windows: [SceneWindow] = []
        for scene in repeat each content {
            windows += scene.windows
        }
        return windows
    }
}

/// A scene under an `if` without `else`.
public struct OptionalScene<Content: Scene>: Scene, PrimitiveScene {
    let content: Content?
    public var body: Never { fatalError("OptionalScene is primitive") }
    var windows: [SceneWindow] { content?.windows ?? [] }
}

/// One of the two branches of an `if`/`else` in a `body`.
public struct ConditionalScene<First: Scene, Second: Scene>: Scene, PrimitiveScene {
    enum Branch {
        case first(First)
        case second(Second)
    }

    let content: Branch
    public var body: Never { fatalError("ConditionalScene is primitive") }

    var windows: [SceneWindow] {
        switch content {
        case .first(let scene): scene.windows
        case .second(let scene): scene.windows
        }
    }
}
