/// The largest display and image the kiosk takes: a side of at most 8192 pixels and at
/// most the pixels of 8K UHD (7680x4320, either way round), about 130 MB per 32-bit buffer.
/// No kiosk panel comes near it, and a size past it (a typo, "16384x16384") is one error at
/// once instead of gigabytes of canvases, each frame a gigabyte to draw.
public enum PixelLimits {
    public static let maximumSide = 8192
    public static let maximumPixels = 7680 * 4320

    /// Why `width` x `height` is refused, or nil when it is taken (both at least 1).
    public static func problem(width: Int, height: Int) -> String? {
        guard width >= 1, height >= 1, width <= maximumSide, height <= maximumSide else {
            return "\(width)x\(height) is out of range: each side 1...\(maximumSide)"
        }
        guard width * height <= maximumPixels else {
            return "\(width)x\(height) has more pixels than 7680x4320 (\(maximumPixels)), the most taken"
        }
        return nil
    }
}
