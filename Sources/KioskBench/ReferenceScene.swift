import KioskGraphics

/// The scene `kiosk bench` measures and the goldens pin down: a 4x3 grid of prominent
/// buttons on the system background. At 1280x800 each button is 280x120 with the grid at
/// (40, 40); at other sizes the grid fills the screen inside the 40 px margin (sizes rounded
/// down to whole pixels). Buttons 4 and 8 are destructive (red). The pressed look of a
/// button is its fill darkened by 15%, no shadow, scaled to 95% about its centre.
public struct ReferenceScene {
    public let width: Int
    public let height: Int
    public var shadows: Bool
    /// Draws a button's label centred in its frame; nil draws buttons without labels.
    public var label: ((Canvas, String, Rect) -> Void)?

    public static let background = PixelColor(red8: 0xF2, green8: 0xF2, blue8: 0xF7)
    public static let cornerRadius = 16.0
    public static let shadow = Shadow(color: PixelColor.black.opacity(0.3), radius: 5, x: 0, y: 3)
    public static let pressedScale = 0.95
    public static let pressedButton = 6
    static let margin = 40, gap = 24, columns = 4, rows = 3

    public init(width: Int, height: Int, shadows: Bool = true, label: ((Canvas, String, Rect) -> Void)? = nil) {
        self.width = width
        self.height = height
        self.shadows = shadows
        self.label = label
    }

    /// Button `number` (1...12, row by row)'s frame.
    public func frame(ofButton number: Int) -> Rect {
        let (w, h): (Int, Int)
        if width == 1280 && height == 800 {
            (w, h) = (280, 120)
        } else {
            w = (width - 2 * Self.margin - (Self.columns - 1) * Self.gap) / Self.columns
            h = (height - 2 * Self.margin - (Self.rows - 1) * Self.gap) / Self.rows
        }
        let column = (number - 1) % Self.columns, row = (number - 1) / Self.columns
        return Rect(x: Double(Self.margin + column * (w + Self.gap)), y: Double(Self.margin + row * (h + Self.gap)),
                    width: Double(w), height: Double(h))
    }

    public func color(ofButton number: Int) -> PixelColor {
        number == 4 || number == 8 ? .systemRed : .accent
    }

    /// The pixels a button and its shadow can touch: what a pressed redraw repaints.
    public func damage(ofButton number: Int) -> PixelRect {
        let f = frame(ofButton: number).enclosingPixels
        let s = Self.shadow, e = s.extent
        let grown = PixelRect(x: f.x - e + min(Int(s.x), 0), y: f.y - e + min(Int(s.y), 0),
                              width: f.width + 2 * e + abs(Int(s.x)), height: f.height + 2 * e + abs(Int(s.y)))
        return grown.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
    }

    /// The whole frame, every button released.
    public func drawFull(on canvas: Canvas) {
        canvas.fill(canvas.bounds, color: Self.background)
        for number in 1...(Self.columns * Self.rows) {
            drawButton(number, on: canvas)
        }
    }

    /// Repaints only button `number`'s damage with the button pressed. The pressed look is
    /// kept as a layer, so repeated frames composite it without redrawing it.
    public func drawPressed(button number: Int = pressedButton, on canvas: Canvas) {
        let damage = damage(ofButton: number)
        canvas.withClip(damage) {
            canvas.fill(damage, color: Self.background)
            let frame = frame(ofButton: number)
            let key = PressedLayerKey(width: width, height: height, button: number, labelled: label != nil)
            canvas.drawScaled(by: Self.pressedScale, about: frame.center, clip: frame.enclosingPixels, cacheKey: key) { layer in
                layer.fill(.roundedRectangle(cornerRadius: Self.cornerRadius), in: frame,
                           color: color(ofButton: number).darkened(by: 0.15))
                label?(layer, "Button \(number)", frame)
            }
        }
    }

    private func drawButton(_ number: Int, on canvas: Canvas) {
        let frame = frame(ofButton: number)
        canvas.fill(.roundedRectangle(cornerRadius: Self.cornerRadius), in: frame, color: color(ofButton: number),
                    shadow: shadows ? Self.shadow : nil)
        label?(canvas, "Button \(number)", frame)
    }

    private struct PressedLayerKey: Hashable {
        var width: Int, height: Int, button: Int, labelled: Bool
    }
}
