import Foundation
import KioskGestures
import KioskGraphics
import KioskRuntime
import KioskScreenFiles
import KioskViews
import Testing

/// Screen-file buttons take their control size's own size, as SwiftUI sizes a button, and
/// sit in their grid cell where `align` says; `fill` stretches them over the cell.
@MainActor
@Suite("Screen-file button sizes")
struct ScreenFileButtonSizeTests {
    static let engine = try! KioskTextEngine()

    func host(_ toml: String) throws -> UIHost {
        let file = try ScreenFile(parsing: toml, path: "sizes.toml")
        return file.makeHost(size: Size(width: 800, height: 400), textEngine: Self.engine) { _ in }
    }

    static let grid = """
        [[screens]]
        id = "main"
        columns = 2
        spacing = 0
        padding = 0
        swipe_left = "other"
        [[screens.buttons]]
        id = "mini"
        title = "Go"
        size = "mini"
        [[screens.buttons]]
        id = "huge"
        title = "Go"
        size = "extraLarge"
        [[screens.buttons]]
        id = "corner"
        title = "Go"
        align = "bottomTrailing"
        [[screens.buttons]]
        id = "tile"
        title = "Go"
        fill = true
        [[screens.buttons]]
        id = "target"
        title = "Go"
        size = "mini"
        min_width = 120
        min_height = 60
        [[screens]]
        id = "other"
        [[screens.buttons]]
        id = "x"
        title = "x"
        """

    @Test("A button is its control size's size, centred in its cell; mini is smaller than extraLarge")
    func intrinsicSizes() throws {
        let host = try host(Self.grid)
        let mini = try #require(host.frame(ofButton: "mini")), huge = try #require(host.frame(ofButton: "huge"))
        // Five cells in two columns: three rows of 400 x 133.
        #expect(mini.height < huge.height && mini.width < huge.width)
        #expect(huge.height < 133 && huge.width < 400, "not stretched over its cell")
        #expect(abs(mini.center.x - 200) < 1 && abs(mini.center.y - 400.0 / 6) < 1)
        #expect(abs(huge.center.x - 600) < 1)
    }

    @Test("align places the button in its cell; fill stretches it; min_width and min_height make a touch target")
    func placement() throws {
        let host = try host(Self.grid)
        let corner = try #require(host.frame(ofButton: "corner")), tile = try #require(host.frame(ofButton: "tile"))
        let target = try #require(host.frame(ofButton: "target"))
        let rowHeight = 400.0 / 3
        #expect(abs(corner.maxX - 400) < 1 && abs(corner.maxY - 2 * rowHeight) < 1)
        #expect(abs(tile.width - 400) < 1 && abs(tile.height - rowHeight) < 1)
        #expect(target.width >= 120 && target.height >= 60)
        let screenFill = try self.host(Self.grid.replacingOccurrences(of: "padding = 0\n", with: "padding = 0\nfill = true\n"))
        #expect(abs((screenFill.frame(ofButton: "mini")?.width ?? 0) - 400) < 1, "fill on the screen stretches every button")
    }

    @Test("A swipe can start in a cell beside its button; a tap there presses nothing")
    func swipeFromTheCell() throws {
        let host = try host(Self.grid)
        let mini = try #require(host.frame(ofButton: "mini"))
        let y = mini.center.y, x = mini.maxX + 60
        let tap = host.handle(TouchFrame(events: [TouchEvent(slot: 0, phase: .down, location: TouchLocation(x: x, y: y), timestamp: 0)], timestamp: 0))
            + host.handle(TouchFrame(events: [TouchEvent(slot: 0, phase: .up, location: TouchLocation(x: x, y: y), timestamp: 50_000)], timestamp: 50_000))
        #expect(tap.isEmpty)
        var events: [UIEvent] = []
        for (i, dx) in [0.0, -40, -120, -200].enumerated() {
            let t = Int64(1_000_000 + i * 30_000)
            events += host.handle(TouchFrame(events: [TouchEvent(slot: 0, phase: i == 0 ? .down : .move, location: TouchLocation(x: x + dx, y: y),
                                                                 timestamp: t)], timestamp: t))
        }
        events += host.handle(TouchFrame(events: [TouchEvent(slot: 0, phase: .up, location: TouchLocation(x: x - 200, y: y), timestamp: 1_100_000)],
                                         timestamp: 1_100_000))
        #expect(events.map(\.kind) == [.swipe(.left), .screen("other")])
    }

    @Test("A bad align or size names the file, line and key")
    func mistakes() {
        let base = "[[screens]]\nid = \"a\"\n[[screens.buttons]]\nid = \"b\"\ntitle = \"x\"\n"
        #expect { try ScreenFile(parsing: base + "align = \"middle\"\n", path: "x.toml") } throws: { error in
            "\(error)".hasPrefix("x.toml:6: key \"screens[0].buttons[0].align\"") && "\(error)".contains("bottomTrailing")
        }
        #expect { try ScreenFile(parsing: base + "min_width = -5\n", path: "x.toml") } throws: { error in
            "\(error)" == "x.toml:6: key \"screens[0].buttons[0].min_width\": -5.0 is out of range 0...10000"
        }
        #expect { try ScreenFile(parsing: base + "fill = \"yes\"\n", path: "x.toml") } throws: { error in
            "\(error)".hasPrefix("x.toml:6: key \"screens[0].buttons[0].fill\"")
        }
    }
}
