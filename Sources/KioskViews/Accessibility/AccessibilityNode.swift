/// What one accessibility modifier sets; unset fields leave the elements inside as they are.
struct AccessibilityProperties {
    var label: String?
    var value: String?
    var hint: String?
    var identifier: String?
    var addedTraits: AccessibilityTraits = []
    var removedTraits: AccessibilityTraits = []
    var isHidden = false
    var children: AccessibilityChildBehavior?
    var sortPriority: Double?
    var action: (() -> Void)?
    var adjust: ((AccessibilityAdjustmentDirection) -> Void)?
    /// `focusable(_:)`: true makes an element of a view with nothing readable; false keeps
    /// the keypad's focus off the elements inside.
    var isFocusable: Bool?
    /// The text field the element edits while it has the focus.
    var textInput: TextInputField?

    /// True when a view with nothing readable inside becomes an element of its own (a shape
    /// given a label, a view given an action).
    var makesElement: Bool {
        label != nil || action != nil || adjust != nil || !addedTraits.isEmpty || children != nil || isFocusable == true
    }
}

/// A view with accessibility modifiers: it draws and lays out as its content, and changes
/// the elements the content makes (`AccessibilityTree`). Nested modifiers apply inside out,
/// so the outermost label wins.
final class AccessibilityNode: ModifierNode {
    private(set) var properties: AccessibilityProperties
    /// False inside `disabled(true)`: the element cannot be activated.
    private(set) var isEnabled: Bool

    init(properties: AccessibilityProperties, isEnabled: Bool, child: Node, path: String) {
        self.properties = properties
        self.isEnabled = isEnabled
        super.init(child: child, path: path)
    }

    override var updatesInPlace: Bool { true }

    /// Takes the new properties; nothing drawn depends on them.
    override func adopt(_ new: Node) -> Bool {
        let new = new as! AccessibilityNode
        properties = new.properties
        isEnabled = new.isEnabled
        return false
    }
}
