import KioskGraphics

extension PixelFormat {
    /// The scanout format a flag or a board profile names: XRGB8888 or RGB565, or their
    /// fourcc codes XR24 and RG16, in any case; nil for any other name.
    public init?(scanoutName name: String) {
        switch name.uppercased() {
        case "XRGB8888", "XR24": self = .xrgb8888
        case "RGB565", "RG16": self = .rgb565
        default: return nil
        }
    }
}
