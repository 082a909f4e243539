import KioskCore

/// libinput's 6-value calibration matrix `[a b c; d e f]`, applied to coordinates
/// normalised to 0...1 across the panel: x' = a·x + b·y + c, y' = d·x + e·y + f.
/// The same values a board puts in LIBINPUT_CALIBRATION_MATRIX.
public struct CalibrationMatrix: Hashable, Sendable {
    public var values: [Double]

    public static let identity = CalibrationMatrix(unchecked: [1, 0, 0, 0, 1, 0])

    /// Throws unless there are exactly six finite values.
    public init(_ values: [Double]) throws {
        guard values.count == 6 else {
            throw InputError("calibration matrix", reason: "needs 6 values (a b c d e f), got \(values.count)")
        }
        guard values.allSatisfy(\.isFinite) else {
            throw InputError("calibration matrix", reason: "values must be finite numbers, got \(values)")
        }
        self.values = values
    }

    /// Parses six numbers separated by spaces or commas, as LIBINPUT_CALIBRATION_MATRIX
    /// and `--calibration` write them: "1 0 0 0 1 0".
    public init(parsing text: String) throws {
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
        let values = try fields.map { field in
            guard let value = Double(field) else {
                throw InputError("calibration matrix", reason: "'\(field)' is not a number (in \"\(text)\")")
            }
            return value
        }
        try self.init(values)
    }

    private init(unchecked values: [Double]) {
        self.values = values
    }

    public func apply(x: Double, y: Double) -> (x: Double, y: Double) {
        (values[0] * x + values[1] * y + values[2], values[3] * x + values[4] * y + values[5])
    }
}

/// Maps between the touch panel and the UI: normalised panel coordinates → calibration →
/// panel pixels (the display mode) → UI pixels (rotation). Pure, so it is tested alone.
public struct TouchTransform: Hashable, Sendable {
    /// The display mode's size in panel pixels (before rotation).
    public var panelWidth: Double
    public var panelHeight: Double
    public var rotation: ScreenRotation
    public var calibration: CalibrationMatrix

    public init(panelWidth: Double, panelHeight: Double, rotation: ScreenRotation = .none,
                calibration: CalibrationMatrix = .identity) {
        self.panelWidth = panelWidth
        self.panelHeight = panelHeight
        self.rotation = rotation
        self.calibration = calibration
    }

    /// The UI's size: the panel's, with the axes swapped at 90 and 270.
    public var uiWidth: Double { rotation.swapsAxes ? panelHeight : panelWidth }
    public var uiHeight: Double { rotation.swapsAxes ? panelWidth : panelHeight }

    /// A device position normalised to 0...1 across the panel (as libinput reports an
    /// absolute axis) to UI pixels.
    public func uiLocation(normalizedX x: Double, normalizedY y: Double) -> TouchLocation {
        let calibrated = calibration.apply(x: x, y: y)
        return uiLocation(panelX: calibrated.x * panelWidth, panelY: calibrated.y * panelHeight)
    }

    /// Panel pixels to UI pixels.
    public func uiLocation(panelX px: Double, panelY py: Double) -> TouchLocation {
        switch rotation {
        case .none: TouchLocation(x: px, y: py)
        case .quarter: TouchLocation(x: py, y: panelWidth - px)
        case .half: TouchLocation(x: panelWidth - px, y: panelHeight - py)
        case .threeQuarters: TouchLocation(x: panelHeight - py, y: px)
        }
    }

    /// UI pixels to panel pixels: the inverse of `uiLocation(panelX:panelY:)`, for a
    /// virtual touchscreen that plays a script written in UI coordinates.
    public func panelLocation(_ location: TouchLocation) -> (x: Double, y: Double) {
        let (ux, uy) = (location.x, location.y)
        switch rotation {
        case .none: return (ux, uy)
        case .quarter: return (panelWidth - uy, ux)
        case .half: return (panelWidth - ux, panelHeight - uy)
        case .threeQuarters: return (uy, panelHeight - ux)
        }
    }
}
