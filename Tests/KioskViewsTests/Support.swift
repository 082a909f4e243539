import Foundation
import KioskGestures
import KioskRuntime
import Testing
@testable import KioskViews

/// The real text engine (FreeType, DejaVu Sans), shared: fonts load once.
let textEngine: KioskTextEngine = try! KioskTextEngine()

/// A touch frame of one event at `ms`.
func touch(_ phase: TouchPhase, _ x: Double, _ y: Double, at ms: Int64, slot: Int = 0) -> TouchFrame {
    TouchFrame(events: [TouchEvent(slot: slot, phase: phase, location: TouchLocation(x: x, y: y), timestamp: ms * 1000)],
               timestamp: ms * 1000)
}

extension UIHost {
    /// Plays `frames` on the embedded run loop (the kiosk's own scheduler on a manual clock,
    /// drawing frames as a device does) up to `end` ms; returns the events as compact strings
    /// ("600 plus triggered tap").
    func run(_ frames: [TouchFrame], until end: Int64) -> [String] {
        let simulation = try! Simulation(host: self)
        try! simulation.play(TouchScript(frames: frames, endTime: end * 1000))
        return simulation.events.map(\.description)
    }

    func centre(of id: String) -> (Double, Double) {
        let f = frame(ofButton: id)!
        return (f.center.x, f.center.y)
    }
}

/// Every node of a tree.
func allNodes(_ root: Node) -> [Node] {
    var nodes: [Node] = []
    root.forEachNode { nodes.append($0) }
    return nodes
}

/// The first lazy stack in the host's tree.
func lazyStack(_ host: UIHost) -> LazyStackNode {
    allNodes(host.rootNode!).compactMap { $0 as? LazyStackNode }.first!
}

extension UIHost {
    /// Expects what was drawn into `canvas` frame by frame to be what a whole redraw draws,
    /// and returns the whole redraw. The host then draws into `canvas` again, so frames drawn
    /// after go on from a canvas it knows.
    @discardableResult
    func expectDrawnAsWhole(_ canvas: Canvas, _ comment: Comment? = nil,
                            sourceLocation: SourceLocation = #_sourceLocation) throws -> Canvas {
        let whole = try Canvas(width: canvas.width, height: canvas.height)
        invalidateDrawing()
        render(into: whole)
        #expect(differingPixels(canvas, whole) == 0, comment, sourceLocation: sourceLocation)
        render(into: canvas)
        return whole
    }
}

/// How many pixels of two same-sized canvases differ.
func differingPixels(_ a: Canvas, _ b: Canvas) -> Int {
    var count = 0
    for y in 0..<a.height {
        for x in 0..<a.width where a.argb(x: x, y: y) != b.argb(x: x, y: y) { count += 1 }
    }
    return count
}
