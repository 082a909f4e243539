import KioskCommandLine

/// A kiosk written as a SwiftUI app: `@main struct CoffeeApp: App { var body: some Scene {
/// WindowGroup { OrderView() } } }`. Its executable takes the flags and subcommands of a
/// `KioskApp` (`run`, the default, `snapshot`, `simulate`, `previews`): the panel or a
/// headless display, libinput or a touch script, the control socket and the rest, exactly
/// as `kiosk run`.
///
/// The app is made once, on the main actor, before the first frame; its scenes' windows
/// become the kiosk's screens, the first one showing.
@MainActor
public protocol App {
    associatedtype Body: Scene
    @SceneBuilder var body: Body { get }
    init()
}

extension App {
    /// Parses the command line and runs the kiosk until SIGINT/SIGTERM (or a touch script's end).
    public static func main() {
        SceneApp<Self>.main()
    }
}

/// An `App` as the command line runs kiosks: its windows are the screens.
struct SceneApp<Content: App>: KioskApp {
    static func screens(navigator: Navigator) -> [Screen] {
        // The command line asks for the screens on the main thread, the kiosk's loop, but is
        // not annotated with the main actor (as the host is not): the app is made there, and
        // its windows, which never leave that thread, are carried out of the closure.
        nonisolated(unsafe) var windows: [SceneWindow] = []
        MainActor.assumeIsolated { windows = Content().body.windows }
        return windows.map { window in Screen(window.id) { window.content() } }
    }
}
