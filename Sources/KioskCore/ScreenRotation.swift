/// How the UI is turned on the panel, clockwise: at 90 the UI's top edge lies along the
/// panel's right edge. Drawing and touch use the same value, so a finger lands on what
/// is drawn under it.
public enum ScreenRotation: Int, Sendable, CaseIterable {
    case none = 0
    case quarter = 90
    case half = 180
    case threeQuarters = 270

    /// Accepts 0, 90, 180 or 270; anything else is nil.
    public init?(degrees: Int) {
        self.init(rawValue: degrees)
    }

    public var degrees: Int { rawValue }

    /// Clockwise quarter turns, 0...3: what a canvas copy turns by.
    public var quarterTurns: Int { rawValue / 90 }

    /// True when the UI's width runs along the panel's height.
    public var swapsAxes: Bool { self == .quarter || self == .threeQuarters }
}
