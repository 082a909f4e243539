import KioskGestures

/// The on-screen keyboard, shown at the bottom of the screen while a text field is edited:
/// iOS's letters, numbers and symbols pages, or the phone-style keypad for the numeric
/// keyboard types. Its keys are buttons (`key-q`, `key-shift`, `key-delete`, …): each
/// takes its own touch, so a key pressed while another finger is down works, and delete
/// repeats while held, faster after a while. It slides up from the bottom edge when it
/// comes and back down when it goes (a transition, 0.25 s ease-out).
struct Keyboard: View {
    let session: TextEditingSession
    /// The screen's size: keys are sized from it.
    let screen: Size
    let gestures: GestureConfiguration

    var body: some View {
        ZStack {
            if let type = session.keyboardType {
                board(type).transition(.move(edge: .bottom))
            }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .bottom)
        .animation(Self.slide, value: session.keyboardType)
    }

    /// How the keyboard comes and goes; what it lifts moves along the same curve.
    static let slide = Animation.easeOut(duration: 0.25)

    @ViewBuilder private func board(_ type: UIKeyboardType) -> some View {
        if type.isKeypad {
            Keypad(session: session, metrics: KeyboardMetrics(screen: screen, columns: 3), type: type)
        } else {
            LetterKeyboard(session: session, metrics: KeyboardMetrics(screen: screen, columns: 10),
                           doubleTapGap: gestures.doubleTapGap)
        }
    }
}

/// Key sizes for a screen: iOS's proportions — keys as wide as a row of `columns` allows,
/// 6 px apart, about 0.075 of the screen tall.
struct KeyboardMetrics {
    let width: Double
    let key: Double
    let height: Double
    let gap = 6.0
    let rowGap: Double
    let margin = 4.0

    init(screen: Size, columns: Int) {
        width = columns == 3 ? min(screen.width, 600) : screen.width
        key = max((width - 2 * margin - gap * Double(columns - 1)) / Double(columns), 1)
        height = min(max(screen.height * 0.075, 40), 60)
        rowGap = height * 0.25
    }

    /// How much of the screen's bottom the keyboard for `type` covers.
    static func boardHeight(for type: UIKeyboardType, screen: Size) -> Double {
        if type.isKeypad {
            let metrics = KeyboardMetrics(screen: screen, columns: 3)
            return 4 * metrics.height * 1.1 + 5 * metrics.gap
        }
        let metrics = KeyboardMetrics(screen: screen, columns: 10)
        return 4 * metrics.height + 5 * metrics.rowGap
    }

    var letterFont: Font { .system(size: (height * 0.5).rounded()) }
    var functionFont: Font { .system(size: (height * 0.32).rounded()) }
}

/// One key: a button named `key-NAME`, read by `name`, with the keyboard key trait.
func keyboardKey<Label: View>(_ name: String, kind: KeyboardKeyStyle.Kind, width: Double, height: Double,
                              repeats: Bool = false, action: @escaping () -> Void,
                              @ViewBuilder label: () -> Label) -> some View {
    Button(action: action, label: label)
        .buttonStyle(KeyboardKeyStyle(kind: kind))
        .buttonRepeatBehavior(repeats ? .enabled : .disabled)
        .frame(width: width, height: height)
        .accessibilityLabel(name)
        .accessibilityRemoveTraits(.isButton)
        .accessibilityAddTraits(.isKeyboardKey)
        .id("key-" + name)
}

/// The letters, numbers and symbols pages.
struct LetterKeyboard: View {
    let session: TextEditingSession
    let metrics: KeyboardMetrics
    let doubleTapGap: Microseconds

    private var rows: [String] {
        switch session.page {
        case .letters: ["qwertyuiop", "asdfghjkl", "zxcvbnm"]
        case .numbers: ["1234567890", "-/:;()$&@\"", ".,?!'"]
        case .symbols: ["[]{}#%^*+=", "_\\|~<>€£¥•", ".,?!'"]
        }
    }

    var body: some View {
        let rows = self.rows
        VStack(spacing: metrics.rowGap) {
            HStack(spacing: metrics.gap) { characters(rows[0], width: metrics.key) }
            HStack(spacing: metrics.gap) { characters(rows[1], width: metrics.key) }
            HStack(spacing: 0) {
                pageOrShiftKey
                Spacer(minLength: metrics.gap)
                HStack(spacing: metrics.gap) {
                    characters(rows[2], width: session.page == .letters ? metrics.key : metrics.key * 1.35)
                }
                Spacer(minLength: metrics.gap)
                keyboardKey("delete", kind: .function, width: metrics.key * 1.4, height: metrics.height, repeats: true,
                            action: session.deleteBackward) {
                    Image(systemName: "delete.left").font(metrics.functionFont)
                }
            }
            HStack(spacing: metrics.gap) {
                keyboardKey(session.page == .letters ? "123" : "ABC", kind: .function, width: metrics.key * 2.2,
                            height: metrics.height, action: { session.page = session.page == .letters ? .numbers : .letters }) {
                    Text(verbatim: session.page == .letters ? "123" : "ABC").font(metrics.functionFont)
                }
                keyboardKey("space", kind: .character, width: metrics.width - 2 * metrics.margin - 2 * metrics.gap - metrics.key * 4.4,
                            height: metrics.height, action: { session.insert(" ") }) {
                    Text(verbatim: "space").font(metrics.functionFont)
                }
                returnKey(session: session, width: metrics.key * 2.2, metrics: metrics)
            }
        }
        .padding(.horizontal, metrics.margin)
        .padding(.vertical, metrics.rowGap)
        .frame(maxWidth: .infinity)
        .background(KeyboardKeyStyle.board)
    }

    /// Shift on the letters page; on the others the key to the other symbols page.
    @ViewBuilder private var pageOrShiftKey: some View {
        if session.page == .letters {
            let shift = session.shift
            keyboardKey("shift", kind: shift == .off ? .function : .active, width: metrics.key * 1.4, height: metrics.height,
                        action: { session.tapShift(doubleTapGap: doubleTapGap) }) {
                Image(systemName: shift == .locked ? "capslock" : "shift").font(metrics.functionFont)
            }
        } else {
            let other: KeyboardPage = session.page == .numbers ? .symbols : .numbers
            keyboardKey(other == .symbols ? "#+=" : "123", kind: .function, width: metrics.key * 1.4, height: metrics.height,
                        action: { session.page = other }) {
                Text(verbatim: other == .symbols ? "#+=" : "123").font(metrics.functionFont)
            }
        }
    }

    @ViewBuilder private func characters(_ row: String, width: Double) -> some View {
        let shifted = session.page == .letters && session.shift != .off
        ForEach(row.map(String.init)) { character in
            keyboardKey(character, kind: .character, width: width, height: metrics.height,
                        action: { session.page == .letters ? session.type(letter: character) : session.insert(character) }) {
                Text(verbatim: shifted ? character.uppercased() : character).font(metrics.letterFont)
            }
        }
    }
}

/// The return key: it says the field's submit label, blue unless that is `.return`.
func returnKey(session: TextEditingSession, width: Double, metrics: KeyboardMetrics) -> some View {
    let label = session.submitLabel
    return keyboardKey(label.title, kind: label == .return ? .function : .prominent, width: width, height: metrics.height,
                       action: session.submit) {
        Text(verbatim: label.title).font(metrics.functionFont)
    }
}

/// The phone-style keypad: 1–9 in three rows with iOS's letters under the digits, then
/// return (a decimal point for `.decimalPad`), 0 and delete.
struct Keypad: View {
    let session: TextEditingSession
    let metrics: KeyboardMetrics
    let type: UIKeyboardType

    private static let letters = ["", "ABC", "DEF", "GHI", "JKL", "MNO", "PQRS", "TUV", "WXYZ"]

    var body: some View {
        VStack(spacing: metrics.gap) {
            ForEach(0..<3) { row in
                HStack(spacing: metrics.gap) {
                    ForEach(1...3) { column in digit(row * 3 + column) }
                }
            }
            HStack(spacing: metrics.gap) {
                if type == .decimalPad {
                    keyboardKey(".", kind: .function, width: metrics.key, height: metrics.height * 1.1,
                                action: { session.insert(".") }) {
                        Text(verbatim: ".").font(metrics.letterFont)
                    }
                } else {
                    returnKey(session: session, width: metrics.key, metrics: metrics)
                }
                digit(0)
                keyboardKey("delete", kind: .function, width: metrics.key, height: metrics.height * 1.1, repeats: true,
                            action: session.deleteBackward) {
                    Image(systemName: "delete.left").font(metrics.functionFont)
                }
            }
        }
        .padding(metrics.gap)
        .frame(maxWidth: .infinity)
        .background(KeyboardKeyStyle.board)
    }

    private func digit(_ value: Int) -> some View {
        keyboardKey(String(value), kind: .character, width: metrics.key, height: metrics.height * 1.1,
                    action: { session.insert(String(value)) }) {
            VStack(spacing: 0) {
                Text(verbatim: String(value)).font(metrics.letterFont)
                if value >= 2 {
                    Text(verbatim: Self.letters[value - 1]).font(.system(size: (metrics.height * 0.2).rounded(), weight: .semibold))
                }
            }
        }
    }
}
