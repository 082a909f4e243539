import KioskGraphics

extension Shape {
    /// True when `point` lies inside the shape fitted to `rect` (hit testing by shape).
    func contains(_ point: Point, in rect: Rect) -> Bool {
        guard rect.contains(point) else { return false }
        switch self {
        case .rectangle:
            return true
        case .circle:
            let r = min(rect.width, rect.height) / 2, c = rect.center
            let dx = point.x - c.x, dy = point.y - c.y
            return dx * dx + dy * dy <= r * r
        case .capsule:
            return Self.roundedContains(point, rect, CornerRadii(min(rect.width, rect.height) / 2))
        case .roundedRectangle(let radii):
            return Self.roundedContains(point, rect, radii)
        }
    }

    private static func roundedContains(_ p: Point, _ rect: Rect, _ radii: CornerRadii) -> Bool {
        // Radii that do not fit shrink together, as when drawing.
        let f = min(1, rect.width / max(radii.topLeading + radii.topTrailing, 1e-9),
                    rect.width / max(radii.bottomLeading + radii.bottomTrailing, 1e-9),
                    rect.height / max(radii.topLeading + radii.bottomLeading, 1e-9),
                    rect.height / max(radii.topTrailing + radii.bottomTrailing, 1e-9))
        let corners: [(Double, Double, Double, Double, Double)] = [
            (radii.topLeading * f, rect.minX, rect.minY, 1, 1),
            (radii.topTrailing * f, rect.maxX, rect.minY, -1, 1),
            (radii.bottomLeading * f, rect.minX, rect.maxY, 1, -1),
            (radii.bottomTrailing * f, rect.maxX, rect.maxY, -1, -1),
        ]
        for (r, x, y, sx, sy) in corners where r > 0 {
            let cx = x + sx * r, cy = y + sy * r
            let inCornerBox = (p.x - cx) * sx < 0 && (p.y - cy) * sy < 0
            if inCornerBox, (p.x - cx) * (p.x - cx) + (p.y - cy) * (p.y - cy) > r * r { return false }
        }
        return true
    }
}
