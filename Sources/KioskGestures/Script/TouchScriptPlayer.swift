extension GestureEngine {
    /// Plays a script into the engine on a virtual clock: before each frame the clock
    /// advances to the frame's time (timers fire at their exact times, e.g. repeats at 500,
    /// 600 and 700 ms), then the frame is fed; finally the clock advances to the end time.
    /// Returns every output in order.
    public func play(_ script: TouchScript) -> [GestureOutput] {
        var outputs: [GestureOutput] = []
        for frame in script.frames {
            outputs += advance(to: frame.timestamp)
            outputs += feed(frame)
        }
        outputs += advance(to: script.endTime)
        return outputs
    }
}
