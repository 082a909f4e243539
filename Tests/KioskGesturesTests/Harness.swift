import KioskGestures
import Testing

/// Plays `script` into a fresh engine holding `targets` (and `screen` gestures) and returns
/// its outputs, one `GestureOutput.description` per line.
func play(_ script: String, _ targets: [GestureTarget], screen: [AttachedGesture] = []) throws -> String {
    let engine = GestureEngine()
    for target in targets { engine.setTarget(target) }
    engine.setScreenGestures(screen)
    let outputs = engine.play(try TouchScript(parsing: script))
    #expect(engine.pressedTargets.isEmpty || !engine.isIdle, "a button stays pressed with no finger down")
    return outputs.map(\.description).joined(separator: "\n")
}

/// Builds the expected-output text from lines, so tables read like the event log.
func lines(_ lines: String...) -> String { lines.joined(separator: "\n") }

func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
    Rect(x: x, y: y, width: width, height: height)
}

/// One event as a frame of its own, for tests that feed an engine step by step (a touch
/// script rejects a `move` in a script that does not contain its `down`).
func frame(_ ms: Int64, _ phase: TouchPhase, _ slot: Int, _ x: Double = 0, _ y: Double = 0) -> TouchFrame {
    TouchFrame(events: [TouchEvent(slot: slot, phase: phase, location: TouchLocation(x: x, y: y), timestamp: ms * 1000)],
               timestamp: ms * 1000)
}
