import KioskGraphics

/// One thing a screen reader reads out and a user can act on: a button, a text, an image,
/// or a view marked with accessibility modifiers. The host lists a screen's elements in
/// reading order (`UIHost.accessibilityElements`).
public struct AccessibilityElement: CustomStringConvertible {
    /// A button's id (its event-log name), an `accessibilityIdentifier`, or the view's
    /// structural path.
    public var id: String
    /// What it is called, in the screen's language: its text by default.
    public var label: String
    /// What it is set to (a slider's "50%"); empty when it has none.
    public var value: String
    /// What activating it does; empty when it needs no explanation.
    public var hint: String
    public var traits: AccessibilityTraits
    /// Where it is on the screen.
    public var frame: Rect
    /// Elements of a higher priority are read first.
    public var sortPriority: Double
    /// False inside `focusable(false)`: the keypad's focus passes it by.
    public var isFocusable = true
    /// Runs when the element is activated (a button's action); nil when it has none.
    var action: (() -> Void)?
    var adjust: ((AccessibilityAdjustmentDirection) -> Void)?
    /// The text field it is: the focus on it edits it.
    var textInput: TextInputField?

    init(id: String, label: String, value: String = "", hint: String = "", traits: AccessibilityTraits = [], frame: Rect,
         sortPriority: Double = 0) {
        self.id = id
        self.label = label
        self.value = value
        self.hint = hint
        self.traits = traits
        self.frame = frame
        self.sortPriority = sortPriority
    }

    /// Role names said otherwise than written.
    private static let spoken = ["disabled": "dimmed", "textField": "text field", "keyboardKey": "key"]

    /// True when activating it does something.
    public var isActivatable: Bool { action != nil }

    /// `"Delete, button"`: the label, value and role words a screen reader speaks.
    public var description: String {
        var parts = [label, value].filter { !$0.isEmpty }
        let roles = traits.intersection([.isButton, .isHeader, .isLink, .isImage, .isSelected, .isAdjustable, .isTextField,
                                                 .isKeyboardKey, .isDisabled])
        parts += roles.nameList.map { Self.spoken[$0] ?? $0 }
        return parts.joined(separator: ", ")
    }
}
