import Foundation
import KioskGraphics
import KioskRuntime
import KioskScreenFiles
import KioskViews
import Testing

/// A bad item is one error naming file, line and key, and nothing is drawn from the file.
@MainActor
@Suite("Screen-file item errors")
struct ScreenFileItemErrorsTests {
    static let screen = "[[screens]]\nid = \"main\"\n"

    func error(_ toml: String, path: String = "x.toml") -> String {
        do {
            _ = try ScreenFile(parsing: Self.screen + toml, path: path)
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test("A list in a list on the same axis is an error; across axes it is not")
    func nestedLists() {
        let nested = "[[screens.items]]\nkind = \"list\"\n[[screens.items.items]]\nkind = \"stack\"\n[[screens.items.items.items]]\nkind = \"list\"\n"
        #expect(error(nested) == "x.toml:8: key \"screens[0].items[0].items[0].items[0].kind\": a list inside a list that scrolls the same way cannot scroll; make one of them a stack or give it the other axis")
        #expect(error(nested + "axis = \"h\"\n") == "no error")
    }

    @Test("A slider's min must be less than its max, its step and value fit the range")
    func sliderRange() {
        let slider = "[[screens.items]]\nkind = \"slider\"\nid = \"volume\"\n"
        #expect(error(slider + "min = 1\nmax = 1\n") == "x.toml:6: key \"screens[0].items[0].min\": min (1) must be less than max (1)")
        #expect(error(slider + "min = 2\n") == "x.toml:6: key \"screens[0].items[0].min\": min (2) must be less than max (1)")
        #expect(error(slider + "step = 0\n") == "x.toml:6: key \"screens[0].items[0].step\": 0 is out of range: a step is more than 0 and at most max - min")
        #expect(error(slider + "value = 1.5\n") == "x.toml:6: key \"screens[0].items[0].value\": 1.5 is outside min...max")
        #expect(error(slider + "min = -1\nvalue = -0.5\n") == "no error")
    }

    @Test("confirm on a disabled button is an error, in a grid and among items")
    func confirmOnDisabled() {
        #expect(error("[[screens.buttons]]\nid = \"b\"\ntitle = \"B\"\ndisabled = true\nconfirm = \"Sure?\"\n")
                == "x.toml:7: key \"screens[0].buttons[0].confirm\": a disabled button never acts, so it has nothing to confirm")
        #expect(error("[[screens.items]]\nkind = \"button\"\nid = \"b\"\ntitle = \"B\"\nconfirm = \"Sure?\"\ndisabled = true\n")
                == "x.toml:7: key \"screens[0].items[0].confirm\": a disabled button never acts, so it has nothing to confirm")
    }

    @Test("Unknown kinds and keys, wrong types, duplicate ids and dangling gotos name file, line and key")
    func keysAndTypes() {
        #expect(error("[[screens.items]]\nkind = \"video\"\n")
                == "x.toml:4: key \"screens[0].items[0].kind\": \"video\" is not one of label | image | stack | spacer | list | button | toggle | slider | stepper | picker | text_field | progress")
        #expect(error("[[screens.items]]\ntext = \"Hi\"\n")
                == "x.toml:3: key \"screens[0].items[0]\": an item needs a kind: label | image | stack | spacer | list | button | toggle | slider | stepper | picker | text_field | progress")
        #expect(error("[[screens.items]]\nkind = \"toggle\"\nid = \"t\"\nmin = 1\n")
                == "x.toml:6: key \"screens[0].items[0].min\": unknown key (known keys: kind, id, title, disabled, on)")
        #expect(error("[[screens.items]]\nkind = \"toggle\"\nid = \"t\"\non = \"yes\"\n")
                == "x.toml:6: key \"screens[0].items[0].on\": expected true or false, got a string")
        #expect(error("[[screens.items]]\nkind = \"label\"\ntext = 4\n")
                == "x.toml:5: key \"screens[0].items[0].text\": expected a string or an array of runs, got an integer")
        #expect(error("[[screens.items]]\nkind = \"picker\"\nid = \"p\"\noptions = [\"A\", \"B\"]\nvalue = \"C\"\n")
                == "x.toml:7: key \"screens[0].items[0].value\": \"C\" is not one of A | B")
        #expect(error("[[screens.items]]\nkind = \"text_field\"\nid = \"f\"\nkeyboard = \"phone\"\n")
                == "x.toml:6: key \"screens[0].items[0].keyboard\": \"phone\" is not one of default | number")
        #expect(error("[[screens.items]]\nkind = \"toggle\"\nid = \"t\"\n[[screens.items]]\nkind = \"button\"\nid = \"t\"\ntitle = \"T\"\n")
                == "x.toml:8: key \"screens[0].items[1].id\": duplicate id \"t\" (first used in screens[0].items[0])")
        #expect(error("[[screens.items]]\nkind = \"button\"\nid = \"b\"\ntitle = \"B\"\ngoto = \"nowhere\"\n")
                == "x.toml:7: key \"screens[0].items[0].goto\": dangling goto: no screen has the id \"nowhere\"")
        #expect(error("items = 3\n") == "x.toml:3: key \"screens[0].items\": expected an array of tables ([[screens.items]]), got an integer")
        #expect(error("[[screens.buttons]]\nid = \"b\"\ntitle = \"B\"\n[[screens.items]]\nkind = \"spacer\"\n")
                == "x.toml:6: key \"screens[0].items\": a screen is a grid of [[screens.buttons]] or a column of [[screens.items]], not both")
    }

    @Test("An image that is missing or not a PNG is an error naming its path")
    func images() throws {
        let directory = NSTemporaryDirectory() + "kiosk-items-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: directory + "/bad.png"))
        let path = directory + "/kiosk.toml"
        #expect(error("[[screens.items]]\nkind = \"image\"\npath = \"gone.png\"\n", path: path)
                == "\(path):5: key \"screens[0].items[0].path\": missing image: no file at \(directory)/gone.png")
        #expect(error("[[screens.items]]\nkind = \"image\"\npath = \"bad.png\"\n", path: path)
                .hasPrefix("\(path):5: key \"screens[0].items[0].path\": unreadable image \(directory)/bad.png: "))
    }
}
