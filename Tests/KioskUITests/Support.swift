import Foundation
import KioskRuntime
import Testing
@testable import KioskUI

/// The real text engine (FreeType, DejaVu Sans), shared: fonts load once.
let textEngine: KioskTextEngine = try! KioskTextEngine()

/// A touch frame of one event at `ms`.
func touch(_ phase: TouchPhase, _ x: Double, _ y: Double, at ms: Int64, slot: Int = 0) -> TouchFrame {
    TouchFrame(events: [TouchEvent(slot: slot, phase: phase, location: TouchLocation(x: x, y: y), timestamp: ms * 1000)],
               timestamp: ms * 1000)
}

extension UIHost {
    /// Feeds frames and advances to `end` ms, stepping through deadlines; returns the
    /// events as compact strings ("600 plus triggered tap").
    func run(_ frames: [TouchFrame], until end: Int64) -> [String] {
        var events: [UIEvent] = []
        for frame in frames {
            while let d = nextDeadline, d < frame.timestamp { events += advance(to: d) }
            events += handle(frame)
        }
        while let d = nextDeadline, d <= end * 1000 { events += advance(to: d) }
        events += advance(to: end * 1000)
        return events.map(\.description)
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

/// How many pixels of two same-sized canvases differ.
func differingPixels(_ a: Canvas, _ b: Canvas) -> Int {
    var count = 0
    for y in 0..<a.height {
        for x in 0..<a.width where a.argb(x: x, y: y) != b.argb(x: x, y: y) { count += 1 }
    }
    return count
}
