import KioskGestures
import KioskGraphics

/// A presentation shown over the screen: the screen dimmed under it and the presented
/// views, which come in and go out animated on the frame clock (an alert scales in from
/// 1.15 with a fade, a bottom presentation slides up from the bottom edge).
final class PresentationLayer: Node {
    let style: PresentationRequest.Style
    let content: Node
    let onDismiss: (() -> Void)?
    /// When it was presented: the appearance runs from here.
    let shownAt: Microseconds
    /// When it was dismissed; from then on it takes no touches and animates out.
    private(set) var dismissedAt: Microseconds?
    /// The content, lifted above the keyboard while a field in it is edited.
    var lifted = LiftedPlacement()

    /// iOS dims the screen under a dialog with black at about 20%.
    static let dimming = 0.2
    static let appearance = Animation.easeOut(duration: 0.3)
    static let disappearance = Animation.easeOut(duration: 0.25)

    init(request: PresentationRequest, content: Node, shownAt: Microseconds) {
        style = request.style
        self.content = content
        onDismiss = request.onDismiss
        self.shownAt = shownAt
        super.init(path: request.path)
    }

    override var children: [Node] { [content] }

    /// Lays the content out centred on the screen, where the lift puts it.
    override func place(in rect: Rect) {
        frame = rect
        lifted.place(content, in: Alignment.center.place(content.sizeThatFits(ProposedSize(rect.size)), in: rect))
    }

    func dismiss(at time: Microseconds) { dismissedAt = time }

    /// How far in it is at `time`: 0 off screen, 1 fully shown.
    func progress(at time: Microseconds) -> Double {
        if let dismissedAt {
            return 1 - Self.disappearance.progress(Double(time - dismissedAt) / 1_000_000)
        }
        return Self.appearance.progress(Double(time - shownAt) / 1_000_000)
    }

    /// True while it moves at `time`.
    func isAnimating(at time: Microseconds) -> Bool {
        if let dismissedAt { return time - dismissedAt < Self.disappearance.durationMicroseconds }
        return time - shownAt < Self.appearance.durationMicroseconds
    }

    /// True once it has gone out at `time`.
    func hasGone(at time: Microseconds) -> Bool { dismissedAt != nil && !isAnimating(at: time) }

    override func emitOperations(_ emitter: Emitter) {
        let p = min(max(progress(at: emitter.time), 0), 1.2)
        let dim = Self.dimming * min(p, 1) * emitter.opacity
        if dim > 0 {
            emitter.add(.fill(.rectangle, frame, .color(PixelColor(red: 0, green: 0, blue: 0, alpha: 1)), opacity: dim, shadow: nil),
                        key: path)
        }
        if p == 1 {
            content.emit(emitter)
            return
        }
        let ops = emitter.collect { content.emit(emitter) }
        guard !ops.isEmpty, p > 0 else { return }
        let group = DrawGroup(ops)
        var effect = LayerEffect()
        switch style {
        case .alert:
            effect.opacity = min(p, 1)
            // It scales in from 1.15 and fades out where it is.
            let scale = dismissedAt == nil ? 1.15 - 0.15 * p : 1
            effect.transform = LayerTransform(scaleX: scale, y: scale, about: frame.center)
        case .bottom:
            let travel = frame.maxY - Double(group.bounds.y)
            effect.transform = LayerTransform(translationX: 0, y: (travel * (1 - p)).rounded())
        }
        emitter.add(.layer(effect, group), key: path + "#content")
    }
}
