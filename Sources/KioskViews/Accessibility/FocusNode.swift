/// A view marked with `focused(_:)`: it lays out and draws as its content; the host keeps
/// the focus state true while the focus is on an element inside it, and moves the focus
/// inside when the state is set.
final class FocusNode: ModifierNode {
    /// True when the state says this view has the focus (read when the host asks, so a
    /// write from an action is seen without the view being resolved again).
    private(set) var isFocused: () -> Bool
    private(set) var setFocused: (Bool) -> Void

    init(isFocused: @escaping () -> Bool, setFocused: @escaping (Bool) -> Void, child: Node, path: String) {
        self.isFocused = isFocused
        self.setFocused = setFocused
        super.init(child: child, path: path)
    }

    override var updatesInPlace: Bool { true }

    override func adopt(_ new: Node) -> Bool {
        let new = new as! FocusNode
        isFocused = new.isFocused
        setFocused = new.setFocused
        return false
    }
}
