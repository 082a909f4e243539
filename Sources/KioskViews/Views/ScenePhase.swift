/// Whether the app's scene is in front and taking touches (SwiftUI's `ScenePhase`). A kiosk's
/// one scene is always in front while it runs, so views see `active`; code written for a
/// phone that saves state on `background` compiles and keeps working.
public enum ScenePhase: Comparable, Hashable, Sendable {
    case background
    case inactive
    case active
}

extension EnvironmentValues {
    public var scenePhase: ScenePhase {
        get { self[ScenePhaseKey.self] }
        set { self[ScenePhaseKey.self] = newValue }
    }
}

private enum ScenePhaseKey: EnvironmentKey {
    static var defaultValue: ScenePhase { .active }
}
