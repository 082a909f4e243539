import KioskGraphics
import KioskViews

/// Why a watched screen file was not reloaded, drawn across the top of the last good UI
/// (which stays usable below it) until a good save: the person editing the file sees the
/// loader's error where they are looking, on the panel.
struct ReloadBanner {
    let error: String

    static let background = PixelColor(red8: 0xB3, green8: 0x26, blue8: 0x1E)
    static let padding = 16.0

    /// The banner's text: what happened, then the error as the loader words it.
    var text: StyledText {
        StyledText(runs: [
            .init(string: "Not reloaded; showing the last good version\n", font: Font(size: 20, weight: .bold), color: .white),
            .init(string: error, font: Font(size: 18), color: .white),
        ])
    }

    /// Draws the banner over the top of `canvas`, at most a third of its height; the area
    /// it covers.
    func draw(on canvas: Canvas, with engine: TextEngine) -> PixelRect {
        let width = Double(canvas.width), padding = Self.padding
        let maxHeight = max(Double(canvas.height) / 3 - 2 * padding, 1)
        let size = engine.measure(text, maxWidth: width - 2 * padding, maxHeight: maxHeight)
        let area = PixelRect(x: 0, y: 0, width: canvas.width, height: min(canvas.height, Int((size.height + 2 * padding).rounded(.up))))
        canvas.fill(area, color: Self.background)
        engine.draw(text, in: Rect(x: padding, y: padding, width: size.width, height: size.height), on: canvas)
        return area
    }
}
