import KioskRuntime
import KioskScreenFiles
import KioskViews
import Testing

@MainActor
@Suite("Screen file transitions")
struct ScreenFileTransitionTests {
    let screens = """
        [[screens]]
        id = "main"
        swipe_left = "settings"
        [[screens.buttons]]
        id = "go"
        title = "Go"
        goto = "settings"
        [[screens]]
        id = "settings"
        transition = "fade"
        [[screens.buttons]]
        id = "back"
        title = "Back"
        goto = "main"
        """

    @Test("transition in [display] sets the host's; in a screen, how that screen comes in")
    func parses() throws {
        let file = try ScreenFile(parsing: "[display]\ntransition = \"push\"\n" + screens, path: "x.toml")
        #expect(file.display.transition == .push)
        #expect(file.screens.map(\.transition) == [nil, .fade])
        let host = file.makeHost(textEngine: try KioskTextEngine()) { _ in }
        #expect(host.screenTransition == .push)
        #expect(host.screens.map(\.transition) == [nil, .fade])
        #expect(try ScreenFile(parsing: screens, path: "x.toml").makeHost(textEngine: try KioskTextEngine()) { _ in }
            .screenTransition == .slide)
    }

    @Test("A bad transition names the file, line and key")
    func badValue() {
        #expect(screenFileError("[display]\ntransition = \"spin\"\n" + screens)
                == "x.toml:2: key \"display.transition\": \"spin\" is not one of none | slide | push | fade")
        #expect(screenFileError("[[screens]]\nid = \"a\"\ntransition = 3\n")
                == "x.toml:3: key \"screens[0].transition\": expected a string, got an integer")
    }
}
