import KioskGestures
import KioskGraphics

/// A touch target with the gesture engine's button press: what every button is made of,
/// and what a `PrimitiveButtonStyle` uses to run its own interaction. `content` is drawn
/// pressed or not (the seeds' `@GestureState isPressing`).
public struct Pressable<Content: View>: View, PrimitiveView {
    /// When the action runs.
    public enum Trigger: Hashable, Sendable {
        /// On release inside the button (touch up inside).
        case onRelease
        /// On release, or repeatedly while held (repeat on hold).
        case repeating
        /// Once, when held for `minimumDuration` seconds (nil: the configured long press).
        case longPress(minimumDuration: Double?)
    }

    let trigger: Trigger
    let cancelMargin: Double?
    let action: (TriggerCause) -> Void
    let content: (Bool) -> Content

    /// `cancelMargin` overrides how far the finger may stray outside before the press is
    /// cancelled (default: the gesture configuration's 24 px).
    public init(trigger: Trigger = .onRelease, cancelMargin: Double? = nil, action: @escaping (TriggerCause) -> Void,
                @ViewBuilder content: @escaping (_ isPressed: Bool) -> Content) {
        self.trigger = trigger
        self.cancelMargin = cancelMargin
        self.action = action
        self.content = content
    }

    public var body: Never { fatalError("Pressable is primitive") }

    func makeNode(_ context: ResolveContext) -> Node {
        let environment = context.environment
        let id = context.session.claim(environment.pendingID ?? "press" + context.path)
        let configuration = environment.gestureConfiguration
        var press = ButtonPress(isEnabled: environment.isEnabled,
                                cancellers: [.outOfBounds(margin: cancelMargin ?? configuration.cancelMargin)])
        switch trigger {
        case .onRelease:
            break
        case .repeating:
            // Held long, the repeat speeds up (twice as fast after ten repeats), as on iOS.
            press.repeatBehavior = RepeatBehavior(delay: configuration.repeatDelay, interval: configuration.repeatInterval,
                                                  accelerateAfter: 10, acceleratedInterval: configuration.repeatInterval / 2)
        case .longPress(let seconds):
            press.longPressDuration = seconds.map { Microseconds(($0 * 1_000_000).rounded()) } ?? configuration.longPressDuration
        }
        let inner = context.with { $0.pendingID = nil }.child(0)
        let content = self.content
        let rebuild: (Bool) -> Node = { isPressed in resolve(content(isPressed), inner) }
        let isPressed = context.session.pressedIDs.contains(id)
        let node = PressableNode(id: id, press: press, action: action, rebuild: rebuild, child: rebuild(isPressed),
                                 isPressed: isPressed, path: context.path)
        node.isHitTestable = context.environment.allowsHitTesting
        return node
    }
}

/// A button's node: its touch target is its content's `contentShape` if it has one,
/// else its frame.
final class PressableNode: ModifierNode {
    let id: String
    /// False under `allowsHitTesting(false)` or `hidden()`: the button takes no touches.
    var isHitTestable = true
    let press: ButtonPress
    let action: (TriggerCause) -> Void
    /// Resolves the content again for a pressed state: a press re-renders only its button.
    private let rebuild: (Bool) -> Node
    /// Whether `child` is the pressed look.
    private(set) var showsPressed: Bool
    /// The look for the other state, laid out in the same frame, once it has been shown
    /// (it keeps what it emitted): pressing and releasing swap the two instead of resolving
    /// the style's body again.
    private var otherLook: Node?

    init(id: String, press: ButtonPress, action: @escaping (TriggerCause) -> Void, rebuild: @escaping (Bool) -> Node,
         child: Node, isPressed: Bool, path: String) {
        self.id = id
        self.press = press
        self.action = action
        self.rebuild = rebuild
        self.showsPressed = isPressed
        super.init(child: child, path: path)
    }

    /// Shows the look for `pressed`. False when that look would change the button's size:
    /// then the screen has to be laid out again.
    func showLook(pressed: Bool) -> Bool {
        guard pressed != showsPressed else { return true }
        let look: Node
        if let otherLook, !otherLook.hasLifecycleActions {
            look = otherLook
            // The button may have been placed elsewhere since (a list scrolled under it).
            if look.frame != child.frame { look.place(in: child.frame) }
        } else {
            look = rebuild(pressed)
            let proposal = ProposedSize(frame.size)
            guard look.sizeThatFits(proposal) == child.sizeThatFits(proposal) else { return false }
            look.place(in: child.frame)
        }
        (otherLook, child) = (child, look)
        showsPressed = pressed
        return true
    }

    override var childIsChainLink: Bool { false }

    /// Forgets the look not shown: something inside it changed (a model its label reads).
    func forgetOtherLook() { otherLook = nil }

    override func translateOwnGeometry(by offset: PixelOffset) { otherLook?.translate(by: offset) }

    /// The shape and rectangle that take touches.
    var hitShape: (Shape, Rect) {
        var found: ContentShapeNode?
        child.forEachNode { node in
            if found == nil, let shaped = node as? ContentShapeNode { found = shaped }
        }
        return found.map { ($0.shape, $0.frame) } ?? (.rectangle, frame)
    }
}
