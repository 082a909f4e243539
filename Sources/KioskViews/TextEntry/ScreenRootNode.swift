import KioskGraphics

/// The root of a host's tree: the screen's content, centred as it asks, and the on-screen
/// keyboard's layer, which fills the screen and draws only while a field is edited. The
/// content keeps the screen's paths; the keyboard's lie apart (`keyboard`). The node draws
/// only the content: the host draws the keyboard over what is presented, so a field in a
/// sheet is typed into.
/// While the keyboard would cover the edited field, the content is lifted until the
/// field shows above it, as iOS's keyboard avoidance does, sliding with the keyboard.
final class ScreenRootNode: Node {
    private(set) var content: Node
    private(set) var keyboard: Node
    private var childList: [Node]
    /// How far the content is lifted.
    var lifted = LiftedPlacement()

    init(content: Node, keyboard: Node) {
        self.content = content
        self.keyboard = keyboard
        childList = [content, keyboard]
        super.init(path: "")
    }

    override var children: [Node] { childList }
    override var retainsEmission: Bool { true }

    override func measure(_ proposal: ProposedSize) -> Size {
        Size(width: proposal.width ?? 0, height: proposal.height ?? 0)
    }

    override func place(in rect: Rect) {
        frame = rect
        lifted.place(content, in: Alignment.center.place(content.sizeThatFits(ProposedSize(rect.size)), in: rect))
        keyboard.place(in: rect)
    }

    override func emitOperations(_ emitter: Emitter) { content.emit(emitter) }
}
