import KioskGestures
import KioskGraphics

/// Keyboard avoidance, as UIKit and SwiftUI do it: the on-screen keyboard's height is a
/// bottom inset while a field is edited. A scroll view round the edited field gets room
/// under the keyboard and scrolls the field into view above it; a field in no scroll view
/// lifts what it is in (the screen, or the sheet presented over it) until it shows above
/// the keyboard. Both move with the keyboard's slide; `ignoresSafeArea(.keyboard)` opts out.
extension UIHost {
    /// The space kept between the edited field and the keyboard's top.
    static let keyboardClearance = 8.0

    /// True while a lift slides, or content is not yet where its lift ended.
    var isLifting: Bool {
        (root as? ScreenRootNode)?.lifted.isBehind(at: now) == true || presentations.shown?.lifted.isBehind(at: now) == true
    }

    /// Moves the lifted content to where its lift is now. Where a lift ends, the targets are
    /// registered again (at the end of the next batch, as after a scroll): one registered
    /// while it slid (a key typed) was registered where its view then was.
    func followLifts() {
        var landed = false
        if let root = root as? ScreenRootNode, root.lifted.follow(root.content, at: now) { landed = true }
        if let shown = presentations.shown, shown.lifted.follow(shown.content, at: now) { landed = true }
        if landed { scrollsMoved = true }
    }

    /// Clears the keyboard from the field now edited (`focused`, nil when none): scrolls or
    /// lifts it, and lets go of what the last field scrolled or lifted.
    func avoidKeyboard(over focused: AccessibilityElement?) {
        let shown = presentations.shown
        let field = focused?.textInput
        let inPresentation = field.map { field in shown.map { field.path.hasPrefix($0.path) } ?? false } ?? false
        let current = inPresentation ? presentedLift.target : screenLift.target
        let releasedInset = keyboardScroll.map { $0.keyboardInset != 0 } ?? false
        keyboardScroll?.keyboardInset = 0
        keyboardScroll = nil
        var lift = 0.0
        if let field, field.avoidsKeyboard, let type = textEditing.keyboardType, let frame = focused?.frame,
           let tree = inPresentation ? shown : root {
            let top = size.height - KeyboardMetrics.boardHeight(for: type, screen: size)
            // Frames as they would lie unlifted: the lift is worked out afresh.
            let unlifted = frame.offsetBy(dx: 0, dy: current)
            if let view = enclosingScrollView(of: field.path, in: tree),
               scroll(view, toShow: unlifted, above: top, lift: current) {
                lift = 0
            } else {
                lift = min(max(unlifted.maxY + Self.keyboardClearance - top, 0), max(unlifted.minY, 0))
            }
        }
        let before = (screenLift.target, presentedLift.target)
        screenLift.move(to: inPresentation ? 0 : lift, at: now)
        presentedLift.move(to: inPresentation ? lift : 0, at: now)
        if releasedInset || keyboardScroll != nil || before != (screenLift.target, presentedLift.target) { changes.markAll() }
    }

    /// The innermost vertical scroll view on the way to `path`.
    private func enclosingScrollView(of path: String, in tree: Node) -> ScrollNode? {
        var found: ScrollNode?
        tree.forEachNode(along: path) { node in
            if let scroll = node as? ScrollNode, scroll.vertical, scroll.isActive { found = scroll }
        }
        return found
    }

    /// Gives `scroll` room under the keyboard (top at `top`) and asks it to scroll `field`
    /// (both unlifted by `lift`) into view above the keyboard; false when too little of the
    /// scroll view shows above the keyboard to hold the field (then the content is lifted).
    private func scroll(_ scroll: ScrollNode, toShow field: Rect, above top: Double, lift: Double) -> Bool {
        let view = scroll.frame.offsetBy(dx: 0, dy: lift)
        let visibleBottom = min(view.maxY, top)
        guard visibleBottom - view.minY >= field.height + 2 * Self.keyboardClearance else { return false }
        let state = scroll.state
        state.keyboardInset = max(view.maxY - top, 0)
        keyboardScroll = state
        var delta = max(field.maxY + Self.keyboardClearance - visibleBottom, 0)
        if field.minY - delta < view.minY { delta = field.minY - view.minY - Self.keyboardClearance }
        if delta != 0 { state.request(Point(x: state.x.offset, y: state.y.offset + delta), animated: true, along: Keyboard.slide) }
        return true
    }
}
