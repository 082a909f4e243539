import Foundation
import KioskGestures
import KioskTestSupport
import Observation
import Testing
import KioskDemo
@testable import KioskViews

@Observable
final class SubmitLog {
    var submitted: [String] = []
}

/// A PIN entry: a secure field on the numeric keypad that submits with Done.
struct PINEntry: View {
    @State private var pin = ""
    let log: SubmitLog

    var body: some View {
        VStack(spacing: 12) {
            Text("Enter PIN")
            SecureField("PIN", text: $pin)
                .keyboardType(.numberPad)
                .submitLabel(.done)
                .textFieldStyle(.roundedBorder)
                .frame(width: 200)
                .onSubmit { log.submitted.append(pin) }
            Spacer()
        }
        .padding(20)
    }
}

/// A name field on the letters keyboard, with a button that moves the focus into it.
struct NameForm: View {
    @State var name: String
    @FocusState private var focused: Bool
    let log: SubmitLog

    var body: some View {
        VStack(spacing: 12) {
            TextField("Name", text: $name, prompt: Text("Your name"))
                .textFieldStyle(.roundedBorder)
                .focused($focused)
                .onSubmit { log.submitted.append(name) }
            Button("Edit") { focused = true }.id("edit")
            Button("Close") { focused = false }.id("close")
            Spacer()
        }
        .padding(20)
    }
}

@MainActor
@Suite("Text entry")
struct TextEntryTests {
    let size = Size(width: 600, height: 400)

    func pinHost(_ log: SubmitLog) -> UIHost {
        UIHost(size: size, textEngine: textEngine) { PINEntry(log: log) }
    }

    func nameHost(_ log: SubmitLog, name: String = "") -> UIHost {
        UIHost(size: size, textEngine: textEngine) { NameForm(name: name, log: log) }
    }

    /// A tap at `point` from `ms`, 50 ms long; the clock ends 100 ms on.
    @discardableResult
    func tap(_ host: UIHost, _ point: Point, at ms: inout Int64, slot: Int = 0) -> [String] {
        defer { ms += 100 }
        return host.run([touch(.down, point.x, point.y, at: ms, slot: slot), touch(.up, point.x, point.y, at: ms + 50, slot: slot)],
                        until: ms + 100)
    }

    func field(_ host: UIHost) throws -> AccessibilityElement {
        try #require(host.accessibilityElements.first { $0.traits.contains(.isTextField) })
    }

    func fieldText(_ host: UIHost) -> String? {
        host.rootNode.flatMap { root in allNodes(root).compactMap { ($0 as? TextFieldNode)?.content.text }.first }
    }

    func tapKeys(_ host: UIHost, _ keys: [String], at ms: inout Int64) throws {
        for key in keys {
            let frame = try #require(host.frame(ofButton: "key-" + key), "no key \(key)")
            tap(host, frame.center, at: &ms)
        }
    }

    @Test("A PIN typed on the numeric keypad is submitted exactly, and Done ends editing")
    func pinOnKeypad() throws {
        let log = SubmitLog()
        let host = pinHost(log)
        var ms: Int64 = 0
        #expect(host.frame(ofButton: "key-4") == nil)
        tap(host, try field(host).frame.center, at: &ms)
        #expect(host.frame(ofButton: "key-4") != nil)
        #expect(host.frame(ofButton: "key-q") == nil)
        try tapKeys(host, ["4", "7", "1", "9", "delete", "1", "Done"], at: &ms)
        #expect(log.submitted == ["4711"])
        #expect(host.accessibilityFocus == nil)
        #expect(host.frame(ofButton: "key-4") == nil)
        #expect(fieldText(host) == "••••")
    }

    @Test("Shift types one capital; a double tap on shift locks it")
    func shiftAndCapsLock() throws {
        let log = SubmitLog()
        let host = nameHost(log)
        var ms: Int64 = 0
        tap(host, try field(host).frame.center, at: &ms)
        try tapKeys(host, ["shift", "a", "b"], at: &ms)
        #expect(fieldText(host) == "Ab")
        ms += 400
        try tapKeys(host, ["shift", "shift", "c", "d", "shift", "e", "space", "123", "1", "ABC", "return"], at: &ms)
        #expect(log.submitted == ["AbCDe 1"])
    }

    @Test("Delete repeats while held, faster after a while, and stops on release")
    func deleteRepeats() throws {
        let log = SubmitLog()
        let host = nameHost(log, name: String(repeating: "x", count: 60))
        var ms: Int64 = 0
        tap(host, try field(host).frame.center, at: &ms)
        let delete = try #require(host.frame(ofButton: "key-delete")).center
        let start = ms
        _ = host.run([touch(.down, delete.x, delete.y, at: start)], until: start)
        var lengths: [Int64: Int] = [:]
        for t in stride(from: start, through: start + 3000, by: 500) {
            _ = host.run([], until: t)
            lengths[t - start] = fieldText(host)?.count
        }
        _ = host.run([touch(.up, delete.x, delete.y, at: start + 3000)], until: start + 4000)
        let early = try #require(lengths[500]) - (try #require(lengths[1000]))
        let late = try #require(lengths[2500]) - (try #require(lengths[3000]))
        #expect(lengths[0] == 60)
        #expect(lengths[500] == 59)
        #expect(early >= 4)
        #expect(late > early)
        #expect(fieldText(host)?.count == lengths[3000])
    }

    @Test("A secure field shows dots and is read as dots")
    func secureFieldDots() throws {
        let log = SubmitLog()
        let host = pinHost(log)
        var ms: Int64 = 0
        tap(host, try field(host).frame.center, at: &ms)
        try tapKeys(host, ["1", "2", "3", "4", "5"], at: &ms)
        #expect(fieldText(host) == "•••••")
        let element = try field(host)
        #expect(element.description == "PIN, •••, text field")
        let key = try #require(host.accessibilityElements.first { $0.id == "key-5" })
        #expect(key.description == "5, key")
    }

    @Test("The caret blinks every half second on the virtual clock, and only while a field is edited")
    func caretBlinks() throws {
        let log = SubmitLog()
        let host = nameHost(log, name: "Ada")
        let canvas = try Canvas(width: 600, height: 400)
        host.render(into: canvas)
        #expect(host.nextDeadline == nil)
        var ms: Int64 = 0
        tap(host, try field(host).frame.center, at: &ms)
        // The keyboard slides up for 0.25 s; then only the caret asks for frames.
        _ = host.run([], until: ms + 300)
        host.render(into: canvas)
        func caretShown() -> Bool {
            host.render(into: canvas)
            return host.renderedList!.items.contains { item in
                if case let .fill(_, rect, _, _, _) = item.op { return rect.width == 2 }
                return false
            }
        }
        let start = try #require(host.nextDeadline)
        let shown = caretShown()
        _ = host.advance(to: start)
        #expect(host.needsFrame)
        #expect(caretShown() != shown)
        #expect(host.nextDeadline == start + 500_000)
        _ = host.advance(to: start + 500_000)
        #expect(caretShown() == shown)
        _ = host.handle(KeyEvent(.escape, isPressed: true, timestamp: start + 600_000))
        #expect(!caretShown())
        // Only the keyboard sliding away asks for frames now.
        _ = host.advance(to: start + 900_000)
        host.render(into: canvas)
        #expect(host.nextDeadline == nil)
    }

    @Test("A long text is cut at its start so its end and the caret stay in the field")
    func longTextScrolls() throws {
        let log = SubmitLog()
        let long = (0..<10_000).map { String($0 % 10) }.joined()
        let host = nameHost(log, name: long)
        let canvas = try Canvas(width: 600, height: 400)
        var ms: Int64 = 0
        tap(host, try field(host).frame.center, at: &ms)
        try tapKeys(host, ["z"], at: &ms)
        host.render(into: canvas)
        let fieldFrame = try field(host).frame
        let texts = host.renderedList!.items.compactMap { item -> (String, Rect)? in
            if case let .text(text, rect) = item.op, fieldFrame.contains(Point(x: rect.minX + 1, y: rect.center.y)) { return (text.runs.map(\.string).joined(), rect) }
            return nil
        }
        let (shown, rect) = try #require(texts.first)
        #expect(shown.hasSuffix("9z"))
        #expect(shown.count > 10 && shown.count < 200)
        #expect(rect.maxX <= fieldFrame.maxX)

        // Editing ended, the field shows the text's start, cut at the field's end.
        _ = host.handle(KeyEvent(.escape, isPressed: true, timestamp: ms * 1000))
        host.render(into: canvas)
        let after = host.renderedList!.items.compactMap { item -> (StyledText, Rect)? in
            if case let .text(text, rect) = item.op, fieldFrame.contains(Point(x: rect.minX + 1, y: rect.center.y)) { return (text, rect) }
            return nil
        }
        let (whole, box) = try #require(after.first)
        #expect(whole.runs.map(\.string).joined().hasPrefix("0123456789"))
        #expect(whole.fit.lineLimit == 1 && whole.fit.truncationMode == .tail)
        #expect(box.maxX <= fieldFrame.maxX)
    }

    @Test("Typed a key at a time, a field shows the same tail as a field given the whole text at once")
    func typedTailMatchesFittedTail() throws {
        func shownText(_ host: UIHost) throws -> String {
            let canvas = try Canvas(width: 600, height: 400)
            host.render(into: canvas)
            let fieldFrame = try field(host).frame
            let texts = host.renderedList!.items.compactMap { item -> String? in
                guard case let .text(text, rect) = item.op, fieldFrame.contains(Point(x: rect.minX + 1, y: rect.center.y)) else { return nil }
                return text.runs.map(\.string).joined()
            }
            return try #require(texts.first)
        }
        let host = nameHost(SubmitLog())
        var ms: Int64 = 0
        tap(host, try field(host).frame.center, at: &ms)
        var typed = ""
        for key in Array(repeating: ["w", "i", "m", "w", "l"], count: 14).joined() {
            try tapKeys(host, [key], at: &ms)
            typed += key
            let shown = try shownText(host)
            guard typed.count % 7 == 0 else { continue }
            let whole = nameHost(SubmitLog(), name: typed)
            var wholeMs: Int64 = 0
            tap(whole, try field(whole).frame.center, at: &wholeMs)
            #expect(shown == (try shownText(whole)), "after \(typed.count) keys")
            #expect(typed.hasSuffix(shown))
        }
        #expect(try shownText(host).count < typed.count)
    }

    @Test("A hardware keyboard types into the focused field; Enter submits and Tab still moves the focus")
    func hardwareKeys() throws {
        let log = SubmitLog()
        let host = nameHost(log)
        var ms: Int64 = 0
        tap(host, try field(host).frame.center, at: &ms)
        var t: Microseconds = ms * 1000
        func press(_ key: KeyEvent.Key, _ pressed: Bool = true) {
            t += 10_000
            _ = host.handle(KeyEvent(key, isPressed: pressed, timestamp: t))
        }
        press(.leftShift); press(.h); press(.leftShift, false); press(.i); press(.leftShift); press(.digit1); press(.leftShift, false)
        press(.space); press(.capsLock); press(.o); press(.k); press(.backspace)
        #expect(fieldText(host) == "Hi! O")
        press(.enter)
        #expect(log.submitted == ["Hi! O"])
        #expect(host.accessibilityFocus == nil)
        press(.tab)
        #expect(host.accessibilityFocus == (try field(host)).id)
        #expect(host.frame(ofButton: "key-q") != nil)
        press(.tab)
        #expect(host.accessibilityFocus == "edit")
        #expect(host.frame(ofButton: "key-q") == nil)
    }

    @Test("@FocusState shows the keyboard and hides it")
    func focusStateShowsKeyboard() throws {
        let log = SubmitLog()
        let host = nameHost(log)
        var ms: Int64 = 0
        tap(host, try #require(host.frame(ofButton: "edit")).center, at: &ms)
        #expect(host.frame(ofButton: "key-q") != nil)
        try tapKeys(host, ["o", "k"], at: &ms)
        #expect(fieldText(host) == "ok")
        tap(host, try #require(host.frame(ofButton: "close")).center, at: &ms)
        #expect(host.frame(ofButton: "key-q") == nil)
        _ = host.run([], until: ms + 1000)
        host.render(into: try Canvas(width: 600, height: 400))
        #expect(host.nextDeadline == nil)
    }

    @Test("Ten fingers on the keyboard at once, a 10,000-character text and emoji never crash or stick")
    func badInput() throws {
        let log = SubmitLog()
        let host = nameHost(log, name: String(repeating: "a", count: 10_000) + "e\u{301}👍🏽")
        var ms: Int64 = 0
        tap(host, try field(host).frame.center, at: &ms)
        try tapKeys(host, ["delete"], at: &ms)
        #expect(fieldText(host)?.unicodeScalars.last == "\u{301}")
        try tapKeys(host, ["delete"], at: &ms)
        #expect(fieldText(host)?.count == 10_000)
        let keys = ["q", "w", "e", "r", "t", "y", "u", "i", "o", "p"]
        let downs = try keys.enumerated().map { i, key in
            let c = try #require(host.frame(ofButton: "key-" + key)).center
            return TouchEvent(slot: i, phase: .down, location: TouchLocation(x: c.x, y: c.y), timestamp: ms * 1000)
        }
        let events = host.run([TouchFrame(events: downs, timestamp: ms * 1000)], until: ms + 50)
        #expect(events.filter { $0.hasSuffix("pressed") }.count == 10)
        let ups = downs.map { TouchEvent(slot: $0.slot, phase: .up, location: $0.location, timestamp: (ms + 60) * 1000) }
        let released = host.run([TouchFrame(events: ups, timestamp: (ms + 60) * 1000)], until: ms + 2000)
        #expect(released.filter { $0.hasSuffix("released") }.count == 10)
        #expect(fieldText(host)?.hasSuffix("qwertyuiop") == true)
        ms += 2000
        try tapKeys(host, ["return"], at: &ms)
        #expect(log.submitted.first?.count == 10_010)
    }

    @Test("A field the keyboard would cover is lifted above it, and comes down when editing ends")
    func keyboardAvoidance() throws {
        let host = UIHost(size: size, textEngine: textEngine) {
            VStack {
                Spacer()
                TextField("Note", text: .constant("")).textFieldStyle(.roundedBorder)
            }
            .padding(20)
        }
        let before = try field(host).frame
        var ms: Int64 = 0
        tap(host, before.center, at: &ms)
        // Once the keyboard has slid up.
        _ = host.run([], until: ms + 1000)
        let keyboardTop = try #require(host.frame(ofButton: "key-q")).minY
        let lifted = try field(host).frame
        #expect(lifted.maxY < keyboardTop - 10)
        #expect(lifted.minY >= 0)
        _ = host.handle(KeyEvent(.escape, isPressed: true, timestamp: (ms + 1000) * 1000))
        _ = host.run([], until: ms + 2000)
        #expect(try field(host).frame == before)
    }

    @Test("The demo's PIN screen shows the keypad for its field and unlocks with 4711")
    func demoPINScreen() throws {
        let navigator = Navigator()
        let host = UIHost(size: Size(width: 1280, height: 800), screens: DemoApp.screens(model: CounterModel(), navigator: navigator),
                          textEngine: textEngine, navigator: navigator)
        host.show(screen: "pin")
        let canvas = try Canvas(width: 1280, height: 800)
        host.render(into: canvas)
        var ms: Int64 = 0
        tap(host, try field(host).frame.center, at: &ms)
        try tapKeys(host, ["4", "7", "1", "1", "Done"], at: &ms)
        // Drawn once the keyboard has slid away.
        _ = host.run([], until: ms + 300)
        host.render(into: canvas)
        #expect(host.accessibilityElements.contains { $0.label == "Unlocked" })
        try GoldenImage.check(canvas, named: "demo-pin-unlocked")
    }

    // MARK: Looks

    func look(_ host: UIHost, keys: [String] = [], named name: String) throws {
        var ms: Int64 = 0
        tap(host, try field(host).frame.center, at: &ms)
        try tapKeys(host, keys, at: &ms)
        // Drawn once the keyboard has slid up, before the caret's first blink.
        _ = host.run([], until: ms + 300)
        let canvas = try Canvas(width: Int(size.width), height: Int(size.height))
        host.render(into: canvas)
        try GoldenImage.check(canvas, named: name)
    }

    @Test("Golden: the letters page under a focused, empty field with its placeholder and caret")
    func lettersGolden() throws {
        try look(nameHost(SubmitLog()), named: "keyboard-letters")
    }

    @Test("Golden: the numbers page, shifted field text")
    func numbersGolden() throws {
        try look(nameHost(SubmitLog()), keys: ["shift", "k", "i", "o", "s", "k", "123"], named: "keyboard-numbers")
    }

    @Test("Golden: the numeric keypad under a PIN field")
    func keypadGolden() throws {
        try look(pinHost(SubmitLog()), keys: ["4", "7"], named: "keyboard-keypad")
    }
}
