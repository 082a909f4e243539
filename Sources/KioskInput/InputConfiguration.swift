import KioskCore

/// Where a kiosk's touches come from and how they are calibrated, as the command line,
/// the screen file or a board profile say; the run loop turns it into a source once it
/// knows the display's mode and rotation.
public struct InputConfiguration: Hashable, Sendable {
    public enum Origin: Hashable, Sendable {
        /// libinput on a udev seat, with hotplug (the default: "seat0").
        case seat(String)
        /// libinput on exactly these device nodes.
        case paths([String])
        /// A touch script played in real time (headless runs, demos).
        case script(TouchScript)
        /// No input at all.
        case none
    }

    public var origin: Origin
    public var calibration: CalibrationMatrix

    public init(origin: Origin = .seat("seat0"), calibration: CalibrationMatrix = .identity) {
        self.origin = origin
        self.calibration = calibration
    }

    /// The transform for a panel of this mode, turned by `rotation` like the drawing.
    public func transform(panelWidth: Int, panelHeight: Int, rotation: ScreenRotation) -> TouchTransform {
        TouchTransform(panelWidth: Double(panelWidth), panelHeight: Double(panelHeight),
                       rotation: rotation, calibration: calibration)
    }

    /// Opens the source; nil for `.none`. Scripts start now.
    public func makeSource(panelWidth: Int, panelHeight: Int, rotation: ScreenRotation) throws -> (any InputSource)? {
        let transform = transform(panelWidth: panelWidth, panelHeight: panelHeight, rotation: rotation)
        switch origin {
        case .seat(let seat): return try LibInputSource(.seat(seat), transform: transform)
        case .paths(let paths): return try LibInputSource(.paths(paths), transform: transform)
        case .script(let script): return ScriptInputSource(script)
        case .none: return nil
        }
    }
}
