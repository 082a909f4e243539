import KioskGraphics

/// The iOS system colours (`PixelColor.red` would clash with the red channel, hence `systemRed`) a kiosk UI reaches for.
extension PixelColor {
    public static let systemBlue = PixelColor.accent
    public static let systemGreen = PixelColor(red8: 0x34, green8: 0xC7, blue8: 0x59)
    public static let systemOrange = PixelColor(red8: 0xFF, green8: 0x95, blue8: 0x00)
    public static let systemYellow = PixelColor(red8: 0xFF, green8: 0xCC, blue8: 0x00)
    public static let systemGray = PixelColor(red8: 0x8E, green8: 0x8E, blue8: 0x93)
    /// Label text on the light system background.
    public static let primaryLabel = PixelColor.black
    /// The grouped system background, #F2F2F7.
    public static let systemBackground = PixelColor(red8: 0xF2, green8: 0xF2, blue8: 0xF7)
    /// The light grey fill of secondary controls, #E5E5EA.
    public static let secondaryFill = PixelColor(red8: 0xE5, green8: 0xE5, blue8: 0xEA)

    /// Linear interpolation (animations).
    func mixed(with other: PixelColor, by t: Double) -> PixelColor {
        PixelColor(red: red + (other.red - red) * t, green: green + (other.green - green) * t,
              blue: blue + (other.blue - blue) * t, alpha: alpha + (other.alpha - alpha) * t)
    }
}

/// A colour is a view that fills the space it is offered, as in SwiftUI.
extension PixelColor: View, PrimitiveView {
    public var body: Never { fatalError("a colour is primitive") }

    func makeNode(_ context: ResolveContext) -> Node {
        ShapeNode(shape: .rectangle, fill: .color(self), stroke: nil, path: context.path)
    }
}
