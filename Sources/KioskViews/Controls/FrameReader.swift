import KioskGraphics

/// Where a view was last laid out, kept for its gestures: a slider turns a touch into a
/// value by its track's width, which is known only after layout.
final class FrameBox {
    var frame = Rect.zero
}

extension View {
    /// Writes the view's frame into `box` each time it is laid out.
    func readingFrame(into box: FrameBox) -> some View {
        modified { FrameReaderNode(box: box, child: $0, path: $1.path) }
    }
}

final class FrameReaderNode: ModifierNode {
    let box: FrameBox

    init(box: FrameBox, child: Node, path: String) {
        self.box = box
        super.init(child: child, path: path)
    }

    override func place(in rect: Rect) {
        super.place(in: rect)
        box.frame = rect
    }

    override func translateOwnGeometry(by offset: PixelOffset) { box.frame = frame }
}
