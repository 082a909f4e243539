import Foundation
import KioskControl
import KioskGestures
import KioskGraphics
import KioskRuntime
import KioskScreenFiles
import KioskTestSupport
import KioskViews
import Testing

/// Screen files beyond the grid: the coffee kiosk's items parse into the tree the file
/// describes and draw as its goldens show; its controls log their values when touched,
/// `confirm` asks first, and a text field logs what was submitted.
@MainActor
@Suite("Screen-file items")
struct ScreenFileItemsTests {
    nonisolated static let engine = try! KioskTextEngine()
    nonisolated static let size = Size(width: 1280, height: 800)

    nonisolated static func coffee() throws -> ScreenFile {
        try ScreenFile(contentsOf: repositoryRoot + "/examples/coffee.toml")
    }

    /// The coffee kiosk on a virtual clock, touched by id and logged as the event log is.
    final class Kiosk {
        let host: UIHost
        let values = ControlValues()
        let canvas: Canvas
        var t: Microseconds = 1_000_000
        var log: [String] = []

        init(screen: String = "menu") throws {
            host = try ScreenFileItemsTests.coffee().makeHost(size: ScreenFileItemsTests.size, textEngine: ScreenFileItemsTests.engine,
                                                              values: values) { _ in }
            canvas = try Canvas(width: 1280, height: 800)
            host.show(screen: screen)
            settle()
            log = []
        }

        /// Runs the clock on half a second (animations end, presses settle) and draws.
        func settle() {
            for _ in 0..<30 {
                t += 16_000
                record(host.advance(to: t))
                host.render(into: canvas)
            }
        }

        func record(_ events: [UIEvent]) {
            log += events.filter {
                switch $0.kind {
                case .value, .submit, .screen, .triggered: true
                default: false
                }
            }.map { EventLog.line(for: $0) }
        }

        func frame(_ phase: TouchPhase, _ point: Point) {
            t += 16_000
            record(host.handle(TouchFrame(events: [TouchEvent(slot: 0, phase: phase, location: TouchLocation(x: point.x, y: point.y),
                                                               timestamp: t)], timestamp: t)))
            host.render(into: canvas)
        }

        func tap(_ point: Point) {
            frame(.down, point)
            frame(.up, point)
            settle()
        }

        func element(_ id: String) throws -> AccessibilityElement {
            try #require(host.accessibilityElements.first { $0.id == id }, "no \(id) in \(host.accessibilityElements.map(\.id))")
        }

        func tap(button id: String) throws {
            tap(try #require(host.frame(ofButton: id), "no button \(id) in \(host.buttonIDs)").center)
        }
    }

    @Test("The coffee kiosk's items parse into the tree the file describes")
    func parses() throws {
        let file = try Self.coffee()
        let menu = try #require(file.screens.first)
        #expect(menu.buttons.isEmpty && menu.items.count == 2)
        guard case .stack(let header) = menu.items[0], case .image(let cup) = header.items[0], case .label(let greeting) = header.items[1],
              case .spacer = header.items[2], case .button(let cancel) = header.items[3] else {
            Issue.record("the header is an image, a label, a spacer and a button")
            return
        }
        #expect(header.axis == .horizontal && header.spacing == 16)
        #expect(cup.canvas.width == 96 && cup.width == 64 && cup.accessibilityLabel == "Coffee")
        #expect(greeting.text.map(\.text) == ["Hello! ", "Pick your coffee"] && greeting.text[1].bold && greeting.lineLimit == 1)
        #expect(cancel.confirm == "Cancel order?" && cancel.role == .destructive)
        guard case .stack(let body) = menu.items[1], case .list(let drinks) = body.items[0], case .stack(let options) = body.items[1] else {
            Issue.record("the body is a list and a stack")
            return
        }
        #expect(drinks.axis == .vertical && drinks.items.isEmpty && body.alignment == "top")
        #expect(drinks.sections.map { $0.items.count } == [9, 3] && drinks.pinsHeaders && !drinks.pinsFooters)
        #expect(drinks.sections.map { $0.header?.translations["de"]?.first?.text } == ["Kaffee", "Tee & Schokolade"])
        #expect(drinks.sections[0].footer == nil && drinks.sections[1].footer != nil)
        #expect(options.alignment == "leading" && options.padding == 8)
        let controls = file.screens.flatMap(\.controls)
        #expect(controls.map(\.id) == ["size", "shots", "sugar", "oat_milk", "loyalty", "pin", "brewing", "waiting"])
        guard case .picker(let sizes) = controls[0].kind else { Issue.record("size is a picker"); return }
        #expect(sizes.map(\.text) == ["Small", "Medium", "Large"] && controls[0].initial == .text("Medium"))
        #expect(sizes.map { $0.text(for: LanguageTag("de")) } == ["Klein", "Mittel", "Groß"])
        #expect(controls[3].title.text(for: LanguageTag("de")) == "Hafermilch")
        #expect(controls[1].kind == .stepper(range: 1...4, step: 1) && controls[1].initial == .number(1))
        #expect(controls[2].kind == .slider(range: 0...3, step: 0.5) && controls[2].initial == .number(0))
        #expect(controls[3].kind == .toggle && controls[3].initial == .bool(false))
        #expect(controls[4].kind == .textField(placeholder: ScreenFile.TranslatedString("Card number (optional)", translations: [
            "en": "Card number (optional)", "de": "Kartennummer (freiwillig)"]), keyboard: .numberPad, secure: false))
        #expect(controls[5].kind == .textField(placeholder: ScreenFile.TranslatedString("4 digits", translations: [
            "en": "4 digits", "de": "4 Ziffern"]), keyboard: .numberPad, secure: true))
        #expect(controls[6].kind == .progress(total: 1) && controls[6].initial == .number(0.3))
        #expect(controls[7].kind == .progress(total: nil) && controls[7].initial == nil)
        #expect(menu.allButtons.count == 14)
    }

    @Test("The coffee kiosk's screens draw as their goldens", arguments: ["menu", "pay"])
    func goldens(screen: String) throws {
        let kiosk = try Kiosk(screen: screen)
        try GoldenImage.check(kiosk.canvas, named: "coffee-\(screen)-1280x800")
    }

    @Test("In German, the menu's sections and controls are translated; scrolled, the section's header stays on top")
    func germanScrolled() throws {
        let kiosk = try Kiosk()
        kiosk.host.locale = LanguageTag("de")
        kiosk.settle()
        let labels = kiosk.host.accessibilityElements.map(\.label)
        #expect(labels.contains("Kaffee") && labels.contains("Hafermilch") && labels.contains("Groß") && labels.contains("Zucker"))
        // Dragged up 500 points and held still before the lift: the second section's footer shows.
        kiosk.frame(.down, Point(x: 300, y: 650))
        for step in 1...10 { kiosk.frame(.move, Point(x: 300, y: 650 - Double(step) * 50)) }
        for _ in 0..<10 { kiosk.frame(.move, Point(x: 300, y: 150)) }
        kiosk.frame(.up, Point(x: 300, y: 150))
        kiosk.settle()
        let header = try #require(kiosk.host.accessibilityElements.first { $0.label == "Kaffee" })
        #expect(header.frame.minY < 140, "pinned at the list's top while its rows went up")
        try GoldenImage.check(kiosk.canvas, named: "coffee-menu-de-scrolled-1280x800")
    }

    @Test("Touching the toggle, stepper, picker and slider logs each new value; the slider once, when the finger lifts")
    func valuesLogged() throws {
        let kiosk = try Kiosk()
        try kiosk.tap(kiosk.element("oat_milk").frame.center)
        let stepper = try kiosk.element("shots").frame
        kiosk.tap(Point(x: stepper.maxX - 20, y: stepper.center.y))
        let large = try #require(kiosk.host.accessibilityElements.first { $0.label == "Large" })
        kiosk.tap(large.frame.center)
        let slider = try kiosk.element("sugar").frame
        kiosk.frame(.down, Point(x: slider.minX + 14, y: slider.center.y))
        for x in stride(from: slider.minX + 40, through: slider.maxX, by: 40) { kiosk.frame(.move, Point(x: x, y: slider.center.y)) }
        kiosk.frame(.up, Point(x: slider.maxX, y: slider.center.y))
        kiosk.settle()
        let values = kiosk.log.filter { $0.contains("\"value\"") }.map { $0.replacing(/"t_ms":[0-9.]+,/, with: "") }
        #expect(values == [
            #"{"event":"value","control":"oat_milk","value":true}"#,
            #"{"event":"value","control":"shots","value":2}"#,
            #"{"event":"value","control":"size","value":"Large"}"#,
            #"{"event":"value","control":"sugar","value":3}"#,
        ], "\(kiosk.log)")
        #expect(kiosk.values["sugar"] == .number(3) && kiosk.values["shots"] == .number(2) && kiosk.values["oat_milk"] == .bool(true))
        try GoldenImage.check(kiosk.canvas, named: "coffee-menu-touched-1280x800")
    }

    @Test("confirm asks first: cancel does nothing, the destructive choice acts")
    func confirmAsks() throws {
        let kiosk = try Kiosk(screen: "pay")
        try kiosk.tap(button: "cancel_payment")
        #expect(kiosk.host.currentScreen == "pay")
        #expect(kiosk.host.frame(ofButton: "cancel_payment.confirm") != nil, "the dialog is up: \(kiosk.host.buttonIDs)")
        try GoldenImage.check(kiosk.canvas, named: "coffee-pay-confirm-1280x800")
        try kiosk.tap(button: "cancel_payment.cancel")
        #expect(kiosk.host.currentScreen == "pay" && kiosk.host.frame(ofButton: "cancel_payment.confirm") == nil)
        try kiosk.tap(button: "cancel_payment")
        try kiosk.tap(button: "cancel_payment.confirm")
        #expect(kiosk.host.currentScreen == "menu")
        #expect(kiosk.log.map { $0.replacing(/"t_ms":[0-9.]+,/, with: "") } == [
            #"{"button":"cancel_payment","event":"triggered","cause":"tap"}"#,
            #"{"button":"cancel_payment.cancel","event":"triggered","cause":"tap"}"#,
            #"{"button":"cancel_payment","event":"triggered","cause":"tap"}"#,
            #"{"button":"cancel_payment.confirm","event":"triggered","cause":"tap"}"#,
            #"{"event":"screen","screen":"menu"}"#,
        ])
    }

    @Test("A number typed on the keypad is submitted exactly; a secure field logs its length only")
    func submit() throws {
        let kiosk = try Kiosk(screen: "pay")
        try kiosk.tap(kiosk.element("loyalty").frame.center)
        for key in ["4", "7", "1", "1", "Done"] { try kiosk.tap(button: "key-" + key) }
        try kiosk.tap(kiosk.element("pin").frame.center)
        for key in ["1", "2", "3", "4", "Done"] { try kiosk.tap(button: "key-" + key) }
        let submits = kiosk.log.filter { $0.contains("submit") }.map { $0.replacing(/"t_ms":[0-9.]+,/, with: "") }
        #expect(submits == [
            #"{"event":"submit","control":"loyalty","text":"4711"}"#,
            #"{"event":"submit","control":"pin","length":4}"#,
        ], "\(kiosk.log)")
        #expect(kiosk.values["pin"] == .text("1234"))
    }

    @Test("Labels and buttons among the items are translated as grid buttons are")
    func translations() throws {
        let file = try ScreenFile(parsing: """
            [[screens]]
            id = "main"
            [[screens.items]]
            kind = "label"
            text = { en = "Hello", de = "Hallo" }
            [[screens.items]]
            kind = "stack"
            [[screens.items.items]]
            kind = "button"
            id = "go"
            title = "Go"
            [[screens.items.items]]
            kind = "button"
            id = "stop"
            title = { de = "Halt" }
            [strings.de]
            go = "Los"
            """, path: "t.toml")
        let host = file.makeHost(size: Size(width: 400, height: 300), textEngine: Self.engine) { _ in }
        host.render(into: try Canvas(width: 400, height: 300))
        #expect(host.accessibilityElements.map(\.label) == ["Hello", "Go", "Halt"])
        host.locale = LanguageTag("de")
        host.render(into: try Canvas(width: 400, height: 300))
        #expect(host.accessibilityElements.map(\.label) == ["Hallo", "Los", "Halt"])
        #expect(file.languages == ["de", "en"], "the label's languages count too")
    }
}
