import KioskGestures
import KioskGraphics

/// Text entry: the focus on a text field's element edits it, the on-screen keyboard shows
/// while it does, the caret blinks on the host's clock, and a hardware keyboard types.
extension UIHost {
    /// Connects the editing session to the host: its clock, and focus given and taken.
    func attachTextEditing() {
        environment.textEditing = textEditing
        textEditing.now = { [unowned self] in now }
        textEditing.focusField = { [unowned self] path in focusTextField(at: path) }
        textEditing.endEditing = { [unowned self] in
            guard screenReader.focusedID != nil else { return }
            screenReader.focusedID = nil
            isDirty = true
            focusBindingsFollowFocus()
        }
    }

    /// The keyboard's layer, resolved apart from the screen so the screen's paths stay.
    func resolveKeyboard(_ session: ResolveSession) -> Node {
        let context = ResolveContext(environment: environment, path: "keyboard", session: session, stackAxis: nil)
        return resolve(Keyboard(session: textEditing, screen: size, gestures: environment.gestureConfiguration), context)
    }

    /// Gives the focus to the text field at `path` (a tap on it): quietly, unless the screen
    /// reader is on.
    private func focusTextField(at path: String) {
        guard let element = accessibilityElements.first(where: { $0.textInput?.path == path }),
              element.id != screenReader.focusedID else { return }
        if screenReader.mode == .explore {
            pendingEvents += (try? focus(element.id)) ?? []
            return
        }
        screenReader.focusedID = element.id
        screenReader.focusedFrame = (element.frame, accessibilityPlacement)
        isDirty = true
        focusBindingsFollowFocus()
    }

    /// True while the focused element is the text field being edited: it is not ringed, the
    /// caret shows where the focus is.
    func isEditingFocusedField(_ id: String) -> Bool {
        guard screenReader.mode == .standard, let field = textEditing.field else { return false }
        // The element editing began on needs no listing of the screen's elements.
        if id == textEditing.elementID { return true }
        return accessibilityElements.first { $0.id == id }?.textInput?.path == field.path
    }

    /// Starts or ends editing as the focus moved: the focus on a text field edits it, on a
    /// keyboard key keeps the field edited (a screen reader explores the keys), elsewhere
    /// ends editing. True when the keyboard changed (the caller applies the change).
    func textEditingFollowsFocus() -> Bool {
        guard screenReader.focusedID != nil || textEditing.field != nil else { return false }
        // Typing re-resolves the field: while the focus stays, its new resolution is found
        // in the tree, without listing the screen's elements.
        if let field = textEditing.field, screenReader.focusedID == textEditing.elementID,
           let fresh = root.flatMap({ textInput(at: field.path, in: $0) }) {
            textEditing.edit(fresh)
            return false
        }
        let focused = screenReader.focusedID.flatMap { id in accessibilityElements.first { $0.id == id } }
        if let focused, focused.textInput == nil, focused.traits.contains(.isKeyboardKey) { return false }
        let field = focused?.textInput
        let before = textEditing.field?.path
        guard field?.path != before || field != nil else { return false }
        let keyboardBefore = textEditing.keyboardType
        textEditing.edit(field)
        textEditing.elementID = field == nil ? nil : focused?.id
        guard field?.path != before else { return false }
        for path in [before, field?.path].compactMap({ $0 }) { redrawTextField(at: path) }
        avoidKeyboard(over: focused)
        return textEditing.keyboardType != keyboardBefore || changes.isSet
    }

    /// The text field at `path` as the tree now has it.
    private func textInput(at path: String, in root: Node) -> TextInputField? {
        var found: TextInputField?
        root.forEachNode(along: path) { node in
            // The path is compared in place: copying every field met on the way showed in each key press.
            guard let node = node as? AccessibilityNode, node.properties.textInput?.path == path else { return }
            found = node.properties.textInput
        }
        return found
    }

    /// Drops what the text field at `path` emitted, so its caret is drawn again.
    func redrawTextField(at path: String) {
        guard let root else { return }
        var nodes: [TextFieldNode] = []
        // The field's nodes lie on its path or below it: nothing else is walked.
        func walk(_ node: Node) {
            if let field = node as? TextFieldNode, field.content.field == path { nodes.append(field) }
            for child in node.children where path.hasPrefix(child.path) || child.path.hasPrefix(path) { walk(child) }
        }
        walk(root)
        for node in nodes { root.forEachNode(along: node.path) { $0.forgetEmission() } }
        isDirty = true
    }

    /// The next blink of the caret while a field is edited: frames are asked for only then.
    var caretDeadline: Microseconds? {
        textEditing.field == nil ? nil : textEditing.nextCaretChange(after: now)
    }

    /// Redraws the edited field when the caret shows or hides at `time`.
    func blinkCaret(from before: Microseconds, to time: Microseconds) {
        guard let field = textEditing.field, textEditing.nextCaretChange(after: before) <= time else { return }
        redrawTextField(at: field.path)
    }

    /// A hardware keyboard key typed into the edited field: characters of a US layout,
    /// backspace, and Enter, which submits. False for keys that are not typing (Tab, the
    /// arrows, Escape), which keep their meaning.
    func typeKey(_ key: KeyEvent.Key) -> Bool {
        guard textEditing.field != nil else { return false }
        switch key {
        case .backspace: textEditing.deleteBackward()
        case .enter, .keypadEnter: textEditing.submit()
        case .capsLock: textEditing.hardwareCapsLock.toggle()
        default:
            let shifted = screenReader.isShiftDown != (textEditing.hardwareCapsLock && key.isLetter)
            guard let character = key.character(shifted: shifted) else { return false }
            textEditing.insert(String(character))
        }
        return true
    }
}
