import KioskGraphics

/// SwiftUI's colour: a view that fills the space it is offered, and a `ShapeStyle` that
/// fills shapes and tints text. It holds a KioskGraphics `PixelColor`, whose channels keep
/// their own names (`PixelColor.red` is a channel, `Color.red` is red).
///
/// The statics are iOS's light-mode system colours; `primary` and `secondary` are the
/// label colours on the light background a kiosk uses. Like iOS's, they adapt: with
/// increased contrast (`colorSchemeContrast`) they draw as iOS's accessible variants,
/// darker, so tinted labels and plates stand out from the background.
public struct Color: Hashable, Sendable {
    /// The sRGB colour this colour draws with (at standard contrast).
    public var pixelColor: PixelColor
    /// What it draws with at increased contrast (nil: `pixelColor` then too).
    var increasedContrastColor: PixelColor?

    public init(_ pixelColor: PixelColor) { self.pixelColor = pixelColor }

    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self.init(PixelColor(red: red, green: green, blue: blue, alpha: opacity))
    }

    public init(white: Double, opacity: Double = 1) {
        self.init(red: white, green: white, blue: white, opacity: opacity)
    }

    /// The colour with its opacity multiplied by `opacity`.
    public func opacity(_ opacity: Double) -> Color { map { $0.opacity(opacity) } }

    /// iOS's system colour `hex`, drawn as `increased` (its accessible variant) at increased contrast.
    init(hex: UInt32, increased: UInt32, opacity: Double = 1, increasedOpacity: Double? = nil) {
        func pixel(_ hex: UInt32) -> PixelColor {
            PixelColor(red8: UInt8(hex >> 16 & 0xFF), green8: UInt8(hex >> 8 & 0xFF), blue8: UInt8(hex & 0xFF))
        }
        self.init(pixel(hex).opacity(opacity))
        increasedContrastColor = pixel(increased).opacity(increasedOpacity ?? opacity)
    }

    public static let red = Color(hex: 0xFF3B30, increased: 0xD70015)
    public static let orange = Color(hex: 0xFF9500, increased: 0xC93400)
    public static let yellow = Color(hex: 0xFFCC00, increased: 0xB25000)
    public static let green = Color(hex: 0x34C759, increased: 0x248A3D)
    public static let mint = Color(hex: 0x00C7BE, increased: 0x0C817B)
    public static let teal = Color(hex: 0x30B0C7, increased: 0x008299)
    public static let cyan = Color(hex: 0x32ADE6, increased: 0x0071A4)
    public static let blue = Color(hex: 0x007AFF, increased: 0x0040DD)
    public static let indigo = Color(hex: 0x5856D6, increased: 0x3634A3)
    public static let purple = Color(hex: 0xAF52DE, increased: 0x8944AB)
    public static let pink = Color(hex: 0xFF2D55, increased: 0xD30F45)
    public static let brown = Color(hex: 0xA2845E, increased: 0x7F6545)
    public static let gray = Color(hex: 0x8E8E93, increased: 0x6C6C70)
    public static let black = Color(PixelColor.black)
    public static let white = Color(PixelColor.white)
    public static let clear = Color(PixelColor.clear)
    /// Label text.
    public static let primary = Color.black
    /// Secondary label text: #3C3C43 at 60%, at 80% with increased contrast.
    public static let secondary = Color(hex: 0x3C3C43, increased: 0x3C3C43, opacity: 0.6, increasedOpacity: 0.8)
    /// The system accent, iOS blue; `tint` replaces it for buttons.
    public static let accentColor = Color.blue

    /// The colour moved towards black by `fraction` (a pressed prominent plate), alpha kept.
    func darkened(by fraction: Double) -> Color { map { $0.darkened(by: fraction) } }

    /// What the colour draws with in `environment` (its contrast).
    func resolved(in environment: EnvironmentValues) -> PixelColor {
        environment.colorSchemeContrast == .increased ? increasedContrastColor ?? pixelColor : pixelColor
    }

    /// Both variants changed alike.
    private func map(_ change: (PixelColor) -> PixelColor) -> Color {
        var copy = Color(change(pixelColor))
        copy.increasedContrastColor = increasedContrastColor.map(change)
        return copy
    }
}

/// A colour is a view that fills the space it is offered, as in SwiftUI.
extension Color: View, PrimitiveView {
    public var body: Never { fatalError("a colour is primitive") }

    func makeNode(_ context: ResolveContext) -> Node {
        ShapeNode(shape: .rectangle, fill: .color(resolved(in: context.environment)), stroke: nil, path: context.path)
    }
}

extension Color: PaintingShapeStyle {
    func paint(in environment: EnvironmentValues) -> Paint { .color(resolved(in: environment)) }
}
