import KioskGraphics

/// SwiftUI's colour: a view that fills the space it is offered, and a `ShapeStyle` that
/// fills shapes and tints text. It holds a KioskGraphics `PixelColor`, whose channels keep
/// their own names (`PixelColor.red` is a channel, `Color.red` is red).
///
/// The statics are iOS's light-mode system colours; `primary` and `secondary` are the
/// label colours on the light background a kiosk uses.
public struct Color: Hashable, Sendable {
    /// The sRGB colour this colour draws with.
    public var pixelColor: PixelColor

    public init(_ pixelColor: PixelColor) { self.pixelColor = pixelColor }

    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self.init(PixelColor(red: red, green: green, blue: blue, alpha: opacity))
    }

    public init(white: Double, opacity: Double = 1) {
        self.init(red: white, green: white, blue: white, opacity: opacity)
    }

    /// The colour with its opacity multiplied by `opacity`.
    public func opacity(_ opacity: Double) -> Color { Color(pixelColor.opacity(opacity)) }

    private init(hex: UInt32, opacity: Double = 1) {
        self.init(PixelColor(red8: UInt8(hex >> 16 & 0xFF), green8: UInt8(hex >> 8 & 0xFF), blue8: UInt8(hex & 0xFF))
            .opacity(opacity))
    }

    public static let red = Color(hex: 0xFF3B30)
    public static let orange = Color(hex: 0xFF9500)
    public static let yellow = Color(hex: 0xFFCC00)
    public static let green = Color(hex: 0x34C759)
    public static let mint = Color(hex: 0x00C7BE)
    public static let teal = Color(hex: 0x30B0C7)
    public static let cyan = Color(hex: 0x32ADE6)
    public static let blue = Color(hex: 0x007AFF)
    public static let indigo = Color(hex: 0x5856D6)
    public static let purple = Color(hex: 0xAF52DE)
    public static let pink = Color(hex: 0xFF2D55)
    public static let brown = Color(hex: 0xA2845E)
    public static let gray = Color(hex: 0x8E8E93)
    public static let black = Color(PixelColor.black)
    public static let white = Color(PixelColor.white)
    public static let clear = Color(PixelColor.clear)
    /// Label text.
    public static let primary = Color.black
    /// Secondary label text: #3C3C43 at 60%.
    public static let secondary = Color(hex: 0x3C3C43, opacity: 0.6)
    /// The system accent, iOS blue; `tint` replaces it for buttons.
    public static let accentColor = Color.blue

    /// The colour moved towards black by `fraction` (a pressed prominent plate), alpha kept.
    func darkened(by fraction: Double) -> Color { Color(pixelColor.darkened(by: fraction)) }
}

/// A colour is a view that fills the space it is offered, as in SwiftUI.
extension Color: View, PrimitiveView {
    public var body: Never { fatalError("a colour is primitive") }

    func makeNode(_ context: ResolveContext) -> Node {
        ShapeNode(shape: .rectangle, fill: .color(pixelColor), stroke: nil, path: context.path)
    }
}

extension Color: PaintingShapeStyle {
    func paint(in environment: EnvironmentValues) -> Paint { .color(pixelColor) }
}
