/// Why a canvas, mask or image could not be made. Each case names the values at fault.
public enum CanvasError: Error, Equatable, CustomStringConvertible {
    case invalidSize(width: Int, height: Int)
    case pitchTooSmall(pitch: Int, rowBytes: Int)
    /// pixman addresses rows in 32-bit words, so a pitch must be a multiple of 4.
    case pitchNotAligned(pitch: Int)
    case sizeMismatch(expected: PixelRect, actual: PixelRect)
    case outOfMemory(bytes: Int)

    public var description: String {
        switch self {
        case let .invalidSize(w, h):
            "invalid canvas size \(w)x\(h): width and height must be positive"
        case let .pitchTooSmall(pitch, row):
            "pitch \(pitch) is smaller than a row of \(row) bytes"
        case let .pitchNotAligned(pitch):
            "pitch \(pitch) is not a multiple of 4 bytes"
        case let .sizeMismatch(expected, actual):
            "size \(actual.width)x\(actual.height) does not match \(expected.width)x\(expected.height)"
        case let .outOfMemory(bytes):
            "could not allocate \(bytes) bytes of pixels"
        }
    }
}
