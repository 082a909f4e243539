import KioskGestures

/// The presentations of a host: the one shown over the screen, and those still animating
/// out after they were dismissed.
struct PresentationStack {
    var shown: PresentationLayer?
    var leaving: [PresentationLayer] = []

    /// True while frames must be drawn: something comes in or goes out.
    func needsFrames(at time: Microseconds) -> Bool {
        !leaving.isEmpty || shown?.isAnimating(at: time) == true
    }

    /// Draws what has not gone yet over the screen, oldest first.
    mutating func emit(_ emitter: Emitter) {
        leaving.removeAll { $0.hasGone(at: emitter.time) }
        for layer in leaving { layer.emit(emitter) }
        shown?.emit(emitter)
    }
}
