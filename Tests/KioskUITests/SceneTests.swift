import Testing
@testable import KioskUI

/// What the scenes' content saw when the host drew it.
@MainActor final class SeenScenes {
    static var phases: [String: ScenePhase] = [:]
    static var tints: [String: Color] = [:]
}

struct WindowContent: View {
    let name: String
    @Environment(\.scenePhase) private var phase
    @Environment(\.tint) private var tint

    var body: some View {
        SeenScenes.phases[name] = phase
        SeenScenes.tints[name] = tint
        return Text(name)
    }
}

struct StaffApp: App {
    var showsStaffWindow = true

    var body: some Scene {
        WindowGroup { WindowContent(name: "order") }
            .environment(\.tint, .orange)
        if showsStaffWindow {
            Window("Staff", id: "staff") { WindowContent(name: "staff") }
        } else {
            WindowGroup(id: "closed") { WindowContent(name: "closed") }
        }
    }
}

@MainActor
@Suite("An App's scenes become the kiosk's screens")
struct SceneTests {
    @Test("Each window is a screen named by its id, in the order the body writes them; the first one shows")
    func windowsAreScreens() throws {
        let screens = SceneApp<StaffApp>.screens(navigator: Navigator())
        #expect(screens.map(\.id) == ["main", "staff"])
        let host = UIHost(size: Size(width: 320, height: 200), screens: screens, textEngine: try KioskTextEngine())
        #expect(host.currentScreen == "main")
    }

    @Test("A scene's environment modifier reaches its windows' views, and the scene is active")
    func environmentReachesWindows() throws {
        SeenScenes.phases = [:]
        SeenScenes.tints = [:]
        let host = UIHost(size: Size(width: 320, height: 200), screens: SceneApp<StaffApp>.screens(navigator: Navigator()),
                          textEngine: try KioskTextEngine())
        let canvas = try Canvas(width: 320, height: 200)
        host.render(into: canvas)
        host.show(screen: "staff")
        host.render(into: canvas)
        #expect(SeenScenes.phases == ["order": .active, "staff": .active])
        #expect(SeenScenes.tints["order"] == .orange)
        #expect(SeenScenes.tints["staff"] != .orange)
    }

    @Test("An if/else in the body picks the windows of its branch")
    func conditionalScenes() {
        let scene = StaffApp(showsStaffWindow: false).body
        #expect(scene.windows.map(\.id) == ["main", "closed"])
    }
}
