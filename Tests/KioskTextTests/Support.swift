import KioskGraphics
import KioskText

/// One library for the suites, found the way the kiosk finds it (fonts/ of the package).
let library: FontLibrary = try! FontLibrary()

/// Draws `layout` black on white in a canvas `padding` larger on each side.
func render(_ layout: TextLayout, width: Double? = nil, height: Double? = nil, padding: Double = 8,
            background: PixelColor = .white) throws -> Canvas {
    let w = width ?? layout.size.width, h = height ?? layout.size.height
    let canvas = try Canvas(width: Int(w + 2 * padding), height: Int(h + 2 * padding))
    canvas.fill(canvas.bounds, color: background)
    layout.draw(on: canvas, in: Rect(x: padding, y: padding, width: w, height: h))
    return canvas
}

/// The columns that hold ink darker than mid-grey on a white canvas.
func inkedColumns(_ canvas: Canvas) -> [Int] {
    (0..<canvas.width).filter { x in
        (0..<canvas.height).contains { y in canvas.argb(x: x, y: y) & 0xFF < 128 }
    }
}
