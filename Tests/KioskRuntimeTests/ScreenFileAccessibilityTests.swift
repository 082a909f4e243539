import Foundation
import KioskRuntime
import KioskScreenFiles
import KioskViews
import Testing

@MainActor
@Suite("Screen file accessibility")
struct ScreenFileAccessibilityTests {
    static let toml = """
        [[screens]]
        id = "main"
        columns = 2
        [[screens.buttons]]
        id = "delete"
        title = "Del"
        a11y_label = "Delete order"
        a11y_hint = "Removes every item"
        [[screens.buttons]]
        id = "start"
        title = { en = "Start", de = "Starten" }
        disabled = true
        """

    @Test("a11y_label and a11y_hint name a button; without them the title in the kiosk's language does")
    func labelsAndHints() throws {
        let file = try ScreenFile(parsing: Self.toml, path: "a11y.toml")
        #expect(file.screens[0].buttons[0].accessibilityLabel == "Delete order")
        #expect(file.screens[0].buttons[0].accessibilityHint == "Removes every item")
        let host = file.makeHost(size: Size(width: 400, height: 200), textEngine: try KioskTextEngine()) { _ in }
        let elements = host.accessibilityElements
        #expect(elements.map(\.id) == ["delete", "start"])
        #expect(elements.map(\.label) == ["Delete order", "Start"])
        #expect(elements.map(\.hint) == ["Removes every item", ""])
        #expect(elements.map(\.traits) == [.isButton, [.isButton, .isDisabled]])
        host.locale = LanguageTag("de")
        #expect(host.accessibilityElements.map(\.label) == ["Delete order", "Starten"])
    }

    @Test("Wrong types and empty texts are errors naming file, line and key")
    func mistakes() {
        let error = screenFileError
        let button = "[[screens]]\nid = \"a\"\n[[screens.buttons]]\nid = \"b\"\ntitle = \"B\"\n"
        #expect(error(button + "a11y_label = 3") == "x.toml:6: key \"screens[0].buttons[0].a11y_label\": expected a string, got an integer")
        #expect(error(button + "a11y_hint = \"\"")
                == "x.toml:6: key \"screens[0].buttons[0].a11y_hint\": must not be empty (leave it out to read the title)")
        #expect(error(button + "a11y_labels = \"x\"").hasPrefix("x.toml:6: key \"screens[0].buttons[0].a11y_labels\": unknown key"))
    }
}
