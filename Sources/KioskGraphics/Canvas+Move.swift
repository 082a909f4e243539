#if canImport(Glibc)
import Glibc
#endif

extension Canvas {
    /// Moves the picture inside `rect` by (`dx`, `dy`) within the canvas: a scroll frame
    /// keeps what is already drawn. Each pixel of `rect` whose source, (`dx`, `dy`) back,
    /// also lies in `rect` takes the source's value; the strip that comes into view keeps
    /// its old pixels, for the caller to draw.
    public func move(_ rect: PixelRect, dx: Int, dy: Int) {
        let area = rect.intersection(bounds)
        copyPixels(into: area.intersection(PixelRect(x: area.x + dx, y: area.y + dy, width: area.width, height: area.height)),
                   dx: dx, dy: dy)
    }

    /// Gives each pixel of `rect` the value of the pixel (`dx`, `dy`) back, which lies on
    /// the canvas too: a view dragged over a plain background is copied to its new place
    /// rather than drawn again. Rows overlap when the move is short, so they are taken in
    /// the order that reads each before it is overwritten.
    public func copyPixels(into rect: PixelRect, dx: Int, dy: Int) {
        let target = rect.intersection(bounds)
        let source = PixelRect(x: target.x - dx, y: target.y - dy, width: target.width, height: target.height)
        guard !target.isEmpty, dx != 0 || dy != 0, bounds.contains(source) else { return }
        let bytes = format.bytesPerPixel
        let rowBytes = target.width * bytes
        let destination = baseAddress + (target.y - origin.y) * pitch + (target.x - origin.x) * bytes
        let back = dy * pitch + dx * bytes
        // Whole rows are one block of memory: one move for all of them.
        if rowBytes == pitch {
            memmove(destination, destination - back, rowBytes * target.height)
            return
        }
        // Bottom row first when moving down, so no row is read after it was written.
        let step = dy > 0 ? -pitch : pitch
        var row = dy > 0 ? destination + (target.height - 1) * pitch : destination
        for _ in 0..<target.height {
            memmove(row, row - back, rowBytes)
            row += step
        }
    }
}
