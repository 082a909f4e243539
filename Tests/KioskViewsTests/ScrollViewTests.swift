import Foundation
import KioskTestSupport
import Testing
@testable import KioskViews

@Observable
final class RowModel {
    var rows = Array(0..<60)
    var tapped: [Int] = []
}

/// A list of 60 buttons, 50 points apart, in a 400×300 scroll view.
func listHost(_ model: RowModel, size: Size = Size(width: 400, height: 300)) -> UIHost {
    UIHost(size: size, textEngine: textEngine) {
        ScrollView {
            VStack(spacing: 10) {
                ForEach(model.rows) { row in
                    Button("Row \(row)") { model.tapped.append(row) }.frame(height: 40).id("row\(row)")
                }
            }
            .frame(maxWidth: .infinity)
        }
    }
}

extension UIHost {
    /// The only scroll view's state, or the one whose view holds `point`, innermost.
    func scrollState(at point: Point? = nil) -> ScrollState {
        let nodes = scrollNodes.values.filter { point.map($0.frame.contains) ?? true }
        return nodes.max { $0.path.count < $1.path.count }!.state
    }
}

/// A drag from `start` by `delta` in 10 steps of 10 ms, then a lift at the end.
func drag(from start: (Double, Double), by delta: (Double, Double), at ms: Int64, steps: Int64 = 10) -> [TouchFrame] {
    var frames = [touch(.down, start.0, start.1, at: ms)]
    for i in 1...steps {
        let f = Double(i) / Double(steps)
        frames.append(touch(.move, start.0 + delta.0 * f, start.1 + delta.1 * f, at: ms + i * 10))
    }
    frames.append(touch(.up, start.0 + delta.0, start.1 + delta.1, at: ms + steps * 10))
    return frames
}

@MainActor
@Suite("Scroll views")
struct ScrollViewTests {
    @Test("A fling coasts along UIKit's deceleration curve: v·r·(1 − rᵗ)/(1 − r) with r = 0.998 per ms")
    func decelerationCurve() {
        var motion = ScrollAxisMotion()
        motion.setBounds(viewport: 300, content: 100_000)
        motion.beginDrag()
        motion.drag(translation: -1000)
        motion.release(velocity: -2000, at: 0)
        for ms in [16.0, 100, 250, 500, 1000, 2000] {
            motion.step(to: Int64(ms * 1000))
            let expected = 1000 + 2 * 0.998 * (1 - pow(0.998, ms)) / 0.002
            #expect(abs(motion.offset - expected) < 1e-6, "at \(ms) ms")
        }
        // It comes to rest within half a point of the curve's end, 2·0.998/0.002 = 998 further.
        motion.step(to: 10_000_000)
        #expect(!motion.isMoving)
        #expect(abs(motion.offset - 1998) < 0.6)
    }

    @Test("A fling on the host moves the list along the curve and stops")
    func flingOnHost() {
        let model = RowModel()
        let host = listHost(model)
        _ = host.run(drag(from: (200, 250), by: (0, -150), at: 0), until: 100)
        let state = host.scrollState()
        #expect(state.y.isAnimating)
        let released = state.y.offset
        let phase = state.y.phase
        var last = released
        var steps: [Double] = []
        for ms in stride(from: 116, through: 5000, by: 16) {
            _ = host.advance(to: Int64(ms) * 1000)
            steps.append(state.y.offset - last)
            last = state.y.offset
        }
        #expect(last > released)
        // Each frame travels less than the one before (a decaying speed), until it rests.
        let moving = steps.prefix { $0 > 0 }
        #expect(moving.count > 10, "\(released) \(steps.prefix(20)) \(phase)")
        #expect(zip(moving, moving.dropFirst()).allSatisfy { $1 <= $0 + 1e-9 })
        #expect(!state.isMoving)
    }

    @Test("Pulled past the top, the list rubber-bands and springs back to the edge")
    func springBack() {
        let model = RowModel()
        let host = listHost(model)
        _ = host.run([touch(.down, 200, 100, at: 0), touch(.move, 200, 150, at: 10), touch(.move, 200, 250, at: 50)], until: 50)
        let state = host.scrollState()
        // The content follows the finger from where the drag began (past the slop): 100
        // points of pull past the edge show as 100·0.55·300 / (300 + 0.55·100).
        let banded = 100 * 0.55 * 300 / (300 + 0.55 * 100)
        #expect(abs(state.y.offset + banded) < 1e-6)
        _ = host.run([touch(.up, 200, 250, at: 800)], until: 2000)
        #expect(state.y.offset == 0)
        #expect(!state.isMoving)
    }

    @Test("A touch on a button in the list presses it and is cancelled once the list scrolls; a tap triggers")
    func buttonInScroll() {
        let model = RowModel()
        let host = listHost(model)
        let (x, y) = host.centre(of: "row2")
        let scrolled = host.run(drag(from: (x, y), by: (0, -60), at: 0), until: 3900)
        #expect(scrolled.prefix(2) == ["0 row2 pressed", "20 row2 cancelled"])
        #expect(!scrolled.contains { $0.contains("triggered") })
        #expect(model.tapped.isEmpty)
        // The first row wholly in view after the fling.
        let shown = (0..<60).first { host.frame(ofButton: "row\($0)")!.minY >= 0 }!
        let (tx, ty) = host.centre(of: "row\(shown)")
        // The list came to rest (a finger landing while it coasts only stops it).
        #expect(!host.scrollState().isMoving)
        let tapped = host.run([touch(.down, tx, ty, at: 4000), touch(.move, tx, ty + 4, at: 4030), touch(.up, tx, ty + 4, at: 4060)],
                              until: 4200)
        #expect(tapped == ["4000 row\(shown) pressed", "4060 row\(shown) released", "4060 row\(shown) triggered tap"])
        #expect(model.tapped == [shown])
        #expect(shown > 2)
    }

    @Test("A finger landing on a coasting list stops it at once and presses nothing; a tap then is only the stop")
    func catchCoasting() {
        let model = RowModel()
        let host = listHost(model)
        _ = host.run(drag(from: (200, 250), by: (0, -150), at: 0), until: 300)
        let state = host.scrollState()
        #expect(state.y.isAnimating)
        let caughtAt = state.y.offset
        let (x, y) = (200.0, 150.0)
        #expect(host.buttonIDs.contains { host.frame(ofButton: $0)!.contains(Point(x: x, y: y)) })
        let events = host.run([touch(.down, x, y, at: 316), touch(.up, x, y, at: 380)], until: 2000)
        #expect(events.isEmpty, "\(events)")
        #expect(model.tapped.isEmpty)
        #expect(!state.isMoving)
        // It stopped where the finger found it (the frame of the touch moved it a little).
        #expect(abs(state.y.offset - caughtAt) < 20)
        let rest = state.y.offset
        _ = host.run([], until: 3000)
        #expect(state.y.offset == rest)
        // At rest, a tap presses and triggers a row again.
        let shown = (0..<60).first { host.frame(ofButton: "row\($0)")!.minY >= 0 }!
        let (tx, ty) = host.centre(of: "row\(shown)")
        let tapped = host.run([touch(.down, tx, ty, at: 3100), touch(.up, tx, ty, at: 3150)], until: 3300)
        #expect(tapped.contains { $0.hasSuffix("triggered tap") })
        #expect(model.tapped.count == 1)
    }

    @Test("A caught list drags on with the same finger")
    func catchAndDrag() {
        let model = RowModel()
        let host = listHost(model)
        _ = host.run(drag(from: (200, 250), by: (0, -150), at: 0), until: 300)
        let state = host.scrollState()
        let events = host.run(drag(from: (200, 150), by: (0, -100), at: 316), until: 330)
        #expect(!events.contains { $0.contains("pressed") }, "\(events)")
        _ = host.run([], until: 5000)
        #expect(state.y.offset > 250)
        #expect(model.tapped.isEmpty)
    }

    @Test("A scroll frame moves the drawn picture and draws only the strip that comes into view, with the same pixels")
    func scrollFrameMovesPicture() throws {
        let model = RowModel()
        let host = listHost(model)
        let canvas = try Canvas(width: 400, height: 300)
        host.render(into: canvas)
        _ = host.run(drag(from: (200, 250), by: (0, -150), at: 0), until: 100)
        host.render(into: canvas)
        var moved = 0
        for ms in stride(from: 116, through: 1500, by: 16) {
            let old = host.renderedList!
            _ = host.advance(to: Int64(ms) * 1000)
            guard host.needsFrame else { continue }
            host.render(into: canvas)
            let changes = host.renderedList!.changes(since: old, within: canvas.bounds)
            if let move = changes.moves.first {
                moved += 1
                #expect(move.dx == 0 && move.dy < 0)
                // The strip that came into view, the indicator where it was and is: a small part.
                #expect(changes.damage.area < canvas.bounds.area / 3, "\(ms) ms: \(changes.damage)")
            }
            try host.expectDrawnAsWhole(canvas, "at \(ms) ms")
        }
        #expect(moved > 10)
    }

    @Test("A scroll view moves its picture over one colour only, never over a pattern; what lies over it stays put",
          arguments: [false, true])
    func scrollOverBackdrop(patterned: Bool) throws {
        let host = UIHost(size: Size(width: 400, height: 300), textEngine: textEngine) {
            ZStack(alignment: .top) {
                if patterned {
                    LinearGradient(colors: [.blue, .white], startPoint: .top, endPoint: .bottom)
                } else {
                    Color.white
                }
                ScrollView {
                    VStack(spacing: 10) { ForEach(0..<40) { i in Text("Row \(i)").frame(height: 40) } }.frame(maxWidth: .infinity)
                }
                Text("Fixed").padding(8).background(Color.yellow)
            }
        }
        let canvas = try Canvas(width: 400, height: 300)
        host.render(into: canvas)
        _ = host.run(drag(from: (200, 250), by: (0, -150), at: 0), until: 100)
        var moved = 0
        for ms in stride(from: 116, through: 800, by: 16) {
            let old = host.renderedList!
            _ = host.advance(to: Int64(ms) * 1000)
            host.render(into: canvas)
            moved += host.renderedList!.changes(since: old, within: canvas.bounds).moves.count
            try host.expectDrawnAsWhole(canvas, "at \(ms) ms")
        }
        #expect(patterned ? moved == 0 : moved > 10)
    }

    @Test("Buttons scrolled out of the view take no touches there")
    func clippedTargets() {
        let model = RowModel()
        let host = listHost(model, size: Size(width: 400, height: 300))
        // A scroll view 200 tall in the middle of the screen: rows below it are not hit.
        let hostSmall = UIHost(size: Size(width: 400, height: 300), textEngine: textEngine) {
            VStack(spacing: 0) {
                ScrollView { VStack(spacing: 10) { ForEach(0..<20) { i in Button("R\(i)") {}.frame(height: 40).id("r\(i)") } } }
                    .frame(height: 100)
                Color.gray
            }
        }
        let f = hostSmall.frame(ofButton: "r3")!
        #expect(f.minY > 100)
        let events = hostSmall.run([touch(.down, f.center.x, f.center.y, at: 0), touch(.up, f.center.x, f.center.y, at: 50)], until: 100)
        #expect(events.isEmpty)
        _ = host
    }

    @Test("scrollTo lands the row at the anchor, at once or with animation")
    func scrollTo() {
        let host = UIHost(size: Size(width: 400, height: 300), textEngine: textEngine) {
            ScrollViewReader { proxy in
                VStack(spacing: 0) {
                    HStack {
                        Button("Jump") { proxy.scrollTo(30, anchor: .top) }.id("jump")
                        Button("Glide") { withAnimation { proxy.scrollTo(10, anchor: .center) } }.id("glide")
                    }
                    .frame(height: 50)
                    ScrollView {
                        VStack(spacing: 10) { ForEach(0..<60) { i in Text("Row \(i)").frame(height: 40).id(i) } }
                            .frame(maxWidth: .infinity)
                    }
                }
            }
        }
        let state = host.scrollState()
        let (jx, jy) = host.centre(of: "jump")
        _ = host.run([touch(.down, jx, jy, at: 0), touch(.up, jx, jy, at: 50)], until: 60)
        #expect(state.y.offset == 30 * 50)
        let (gx, gy) = host.centre(of: "glide")
        _ = host.run([touch(.down, gx, gy, at: 100), touch(.up, gx, gy, at: 150)], until: 170)
        #expect(state.y.isAnimating)
        _ = host.run([], until: 2000)
        // Row 10's centre (10·50 + 20) at the middle of the 250-tall view.
        #expect(state.y.offset == 10 * 50 + 20 - 125)
    }

    @Test("Crossed nested scroll views each take strokes along their own axis")
    func crossedAxes() {
        let host = UIHost(size: Size(width: 400, height: 300), textEngine: textEngine) {
            ScrollView(.vertical) {
                VStack(spacing: 0) {
                    ScrollView(.horizontal) {
                        HStack(spacing: 0) { ForEach(0..<20) { i in Text("\(i)").frame(width: 100, height: 100) } }
                    }
                    .frame(height: 100)
                    ForEach(0..<20) { i in Text("Row \(i)").frame(height: 50) }
                }
            }
        }
        let inner = host.scrollState(at: Point(x: 200, y: 50))
        let outer = host.scrollState(at: Point(x: 200, y: 250))
        #expect(inner !== outer)
        _ = host.run(drag(from: (300, 50), by: (-120, 0), at: 0), until: 3000)
        #expect(inner.x.offset > 100)
        #expect(outer.y.offset == 0)
        _ = host.run(drag(from: (300, 50), by: (0, -120), at: 4000), until: 7000)
        #expect(outer.y.offset > 100)
        #expect(inner.x.offset > 100)
    }

    @Test("A scroll view on both axes moves along both with a diagonal drag and coasts along both")
    func bothAxes() {
        let host = UIHost(size: Size(width: 400, height: 300), textEngine: textEngine) {
            ScrollView([.horizontal, .vertical]) {
                VStack(spacing: 0) {
                    ForEach(0..<30) { row in
                        HStack(spacing: 0) { ForEach(0..<30) { column in Text("\(row).\(column)").frame(width: 80, height: 40) } }
                    }
                }
            }
        }
        let state = host.scrollState()
        #expect(state.x.maximum == 30 * 80 - 400 && state.y.maximum == 30 * 40 - 300)
        _ = host.run(drag(from: (300, 250), by: (-150, -100), at: 0), until: 100)
        let (x, y) = (state.x.offset, state.y.offset)
        #expect(x > 100 && y > 50, "dragged along both")
        _ = host.run([], until: 6000)
        #expect(state.x.offset > x && state.y.offset > y, "coasted along both")
        #expect(!state.isMoving)
    }

    @Test("Bad input: NaN and infinite flings, ten fingers, rows removed mid-fling")
    func badInput() {
        var motion = ScrollAxisMotion()
        motion.setBounds(viewport: 300, content: 3000)
        for velocity in [Double.nan, .infinity, -.infinity] {
            motion.beginDrag()
            motion.drag(translation: .nan)
            motion.release(velocity: velocity, at: 0)
            motion.step(to: 5_000_000)
            #expect(motion.offset.isFinite)
            #expect(motion.offset >= 0 && motion.offset <= 2700)
        }

        let model = RowModel()
        let host = listHost(model)
        var frames: [TouchFrame] = []
        let downs = (0..<10).map { TouchEvent(slot: $0, phase: .down, location: TouchLocation(x: 40 + Double($0) * 30, y: 250), timestamp: 0) }
        frames.append(TouchFrame(events: downs, timestamp: 0))
        for step in 1...5 {
            let moves = (0..<10).map {
                TouchEvent(slot: $0, phase: .move, location: TouchLocation(x: 40 + Double($0) * 30, y: 250 - Double(step * 40)),
                           timestamp: Int64(step) * 10_000)
            }
            frames.append(TouchFrame(events: moves, timestamp: Int64(step) * 10_000))
        }
        let ups = (0..<10).map { TouchEvent(slot: $0, phase: .up, location: TouchLocation(x: 0, y: 0), timestamp: 60_000) }
        frames.append(TouchFrame(events: ups, timestamp: 60_000))
        _ = host.run(frames, until: 100)
        let state = host.scrollState()
        #expect(state.y.isAnimating)
        // The data shrinks to 5 rows mid-fling: the offset comes back inside the new content.
        model.rows = Array(0..<5)
        _ = host.run([], until: 4000)
        #expect(!state.isMoving)
        #expect(state.y.offset == 0)
        #expect(host.engine.isIdle)
        #expect(!host.needsFrame || host.render(into: try! Canvas(width: 400, height: 300)).rects.count >= 0)
    }

    @Test("Golden: a list mid-scroll with its indicator")
    func midScrollGolden() throws {
        let model = RowModel()
        let host = listHost(model)
        let canvas = try Canvas(width: 400, height: 300)
        host.render(into: canvas)
        _ = host.run(drag(from: (200, 250), by: (0, -160), at: 0), until: 100)
        _ = host.run([], until: 200)
        host.render(into: canvas)
        // Drawn in steps, the frame matches one drawn whole.
        let whole = try host.expectDrawnAsWhole(canvas)
        try GoldenImage.check(whole, named: "scroll-mid-fling")
    }
}
