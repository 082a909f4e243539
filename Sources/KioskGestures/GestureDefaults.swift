/// The constants of DESIGN.md ("Input and gestures"). Every recognizer takes its own
/// parameters; these are their defaults, gathered so a screen file's `[gestures]` table
/// can override them in one place.
public struct GestureConfiguration: Hashable, Sendable {
    /// A long press fires after the finger stayed down this long…
    public var longPressDuration: Microseconds = 500_000
    /// …without moving further than this from where it went down.
    public var longPressMaximumDistance: Double = 10
    /// Movement below this is a shaking finger, not a drag; a drag past it claims the touch.
    public var touchSlop: Double = 10
    /// The longest wait between the taps of a double or triple tap.
    public var doubleTapGap: Microseconds = 300_000
    /// Repeat on hold: first repeat after this delay…
    public var repeatDelay: Microseconds = 500_000
    /// …then one every interval.
    public var repeatInterval: Microseconds = 100_000
    /// A button press is cancelled when the finger leaves the frame grown by this margin.
    public var cancelMargin: Double = 24
    /// A swipe travels at least this far along its dominant axis…
    public var swipeMinimumDistance: Double = 30
    /// …at an average speed of at least this many pixels per second.
    public var swipeMinimumVelocity: Double = 100

    public init() {}

    /// DESIGN.md's defaults.
    public static let standard = GestureConfiguration()
}

extension ButtonPress {
    /// A button as a screen file describes it (`repeat`, `long_press`, `disabled`), with the
    /// timings and margin of its `[gestures]` table.
    public init(configuration: GestureConfiguration, repeats: Bool = false, longPress: Bool = false, isEnabled: Bool = true) {
        self.init(
            isEnabled: isEnabled,
            repeatBehavior: repeats ? RepeatBehavior(delay: configuration.repeatDelay, interval: configuration.repeatInterval) : nil,
            longPressDuration: longPress ? configuration.longPressDuration : nil,
            cancellers: [.outOfBounds(margin: configuration.cancelMargin)]
        )
    }
}

extension SwipeGesture {
    public init(configuration: GestureConfiguration) {
        self.init(minimumDistance: configuration.swipeMinimumDistance, minimumVelocity: configuration.swipeMinimumVelocity,
                  claimDistance: configuration.touchSlop)
    }
}

extension LongPressGesture {
    public init(configuration: GestureConfiguration) {
        self.init(minimumDuration: configuration.longPressDuration, maximumDistance: configuration.longPressMaximumDistance)
    }
}

extension TapGesture {
    public init(count: Int = 1, configuration: GestureConfiguration) {
        self.init(count: count, maximumMovement: configuration.touchSlop, maximumGap: configuration.doubleTapGap)
    }
}

extension DragGesture {
    public init(configuration: GestureConfiguration) {
        self.init(minimumDistance: configuration.touchSlop)
    }
}
