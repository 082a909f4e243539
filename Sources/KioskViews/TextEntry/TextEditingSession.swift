import KioskGestures
import Observation

/// A text field as its accessibility element carries it: enough for the host to edit it
/// while it has the focus.
struct TextInputField {
    /// The field's structural path: it stays the same field across updates.
    let path: String
    let text: Binding<String>
    let keyboardType: UIKeyboardType
    let submitLabel: SubmitLabel
    let submitActions: [() -> Void]
    /// False when the keyboard may cover the field (`ignoresSafeArea(.keyboard)`).
    let avoidsKeyboard: Bool
}

/// The keyboard's shift key: off, on for one letter, or caps lock (a double tap).
enum KeyboardShift: Hashable {
    case off, once, locked
}

/// The on-screen keyboard's pages.
enum KeyboardPage: Hashable {
    case letters, numbers, symbols
}

/// The text field being edited and the on-screen keyboard's state, shared by the host (which
/// starts and ends editing as the focus moves), the fields (which draw the caret) and the
/// keyboard (whose keys type). What the keyboard shows is observed, so a change re-resolves
/// only the keyboard; the field and the caret are read when drawn.
@Observable
final class TextEditingSession {
    /// The keyboard shown, nil while no field is edited.
    private(set) var keyboardType: UIKeyboardType?
    private(set) var submitLabel: SubmitLabel = .return
    var shift: KeyboardShift = .off
    var page: KeyboardPage = .letters

    @ObservationIgnored private(set) var field: TextInputField?
    /// The id of the edited field's accessibility element.
    @ObservationIgnored var elementID: String?
    /// The caret shows for the first half second after this, hides for the next, and so
    /// on; typing starts it again, so the caret stays solid while keys are pressed.
    @ObservationIgnored private(set) var caretStart: Microseconds = 0
    @ObservationIgnored private var lastShiftTap: Microseconds?
    /// Caps lock of a hardware keyboard.
    @ObservationIgnored var hardwareCapsLock = false
    /// The host's clock.
    @ObservationIgnored var now: () -> Microseconds = { 0 }
    /// Ends editing (the host takes the focus away).
    @ObservationIgnored var endEditing: () -> Void = {}
    /// Gives the focus to the field at a path (a tap on it).
    @ObservationIgnored var focusField: (String) -> Void = { _ in }

    /// How long the caret shows and then hides, as on iOS.
    static let caretBlinkInterval: Microseconds = 500_000

    /// True while the field at `path` is edited.
    func isEditing(_ path: String) -> Bool { field?.path == path }

    /// Whether the caret shows at `time`.
    func caretVisible(at time: Microseconds) -> Bool {
        time < caretStart || ((time - caretStart) / Self.caretBlinkInterval) % 2 == 0
    }

    /// When the caret next shows or hides after `time`.
    func nextCaretChange(after time: Microseconds) -> Microseconds {
        guard time >= caretStart else { return caretStart }
        let (next, overflow) = caretStart.addingReportingOverflow(((time - caretStart) / Self.caretBlinkInterval + 1) * Self.caretBlinkInterval)
        return overflow ? .max : next
    }

    /// Starts editing `field` (nil: stops); the keyboard is reset for a field that is new.
    func edit(_ field: TextInputField?) {
        let isNew = field?.path != self.field?.path
        self.field = field
        if keyboardType != field?.keyboardType { keyboardType = field?.keyboardType }
        if let label = field?.submitLabel, label != submitLabel { submitLabel = label }
        guard isNew else { return }
        caretStart = now()
        if shift != .off { shift = .off }
        if page != .letters { page = .letters }
    }

    // MARK: Typing

    /// Types `string` at the end of the text; a one-shot shift is used up.
    func insert(_ string: String) {
        guard let field else { return }
        field.text.wrappedValue.append(string)
        caretStart = now()
        if shift == .once { shift = .off }
    }

    /// Types a letter key's letter, capital while shifted.
    func type(letter: String) {
        insert(shift == .off ? letter : letter.uppercased())
    }

    /// Deletes the last character: one grapheme, so an emoji or a letter with its accents
    /// goes at once.
    func deleteBackward() {
        guard let field, !field.text.wrappedValue.isEmpty else { return }
        field.text.wrappedValue.removeLast()
        caretStart = now()
    }

    /// Runs the field's submit actions and ends editing, as a SwiftUI text field does.
    func submit() {
        guard let field else { return }
        for action in field.submitActions { action() }
        endEditing()
    }

    /// The shift key: on for one letter; a second tap within `doubleTapGap` locks it; any
    /// tap on a shifted keyboard turns it off.
    func tapShift(doubleTapGap: Microseconds) {
        let time = now()
        if let last = lastShiftTap, time - last <= doubleTapGap, shift == .once {
            shift = .locked
            lastShiftTap = nil
            return
        }
        shift = shift == .off ? .once : .off
        lastShiftTap = shift == .once ? time : nil
    }
}

private struct TextEditingSessionKey: EnvironmentKey {
    static var defaultValue: TextEditingSession? { nil }
}

extension EnvironmentValues {
    /// The host's editing session (nil outside a host).
    var textEditing: TextEditingSession? {
        get { self[TextEditingSessionKey.self] }
        set { self[TextEditingSessionKey.self] = newValue }
    }
}
