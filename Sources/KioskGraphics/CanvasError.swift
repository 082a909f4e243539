/// Why a canvas, mask or image could not be made. Each case names the values at fault.
public enum CanvasError: Error, Equatable, CustomStringConvertible {
    case invalidSize(width: Int, height: Int)
    case pitchTooSmall(pitch: Int, rowBytes: Int)
    /// pixman addresses rows in 32-bit words, so a pitch must be a multiple of 4.
    case pitchNotAligned(pitch: Int)
    /// More than pixman's 2 GiB per image.
    case tooLarge(pitch: Int, height: Int)
    case byteCountMismatch(expected: Int, actual: Int)
    case outOfMemory(bytes: Int)

    public var description: String {
        switch self {
        case let .invalidSize(w, h):
            "invalid canvas size \(w)x\(h): width and height must be positive"
        case let .pitchTooSmall(pitch, row):
            "pitch \(pitch) is smaller than a row of \(row) bytes"
        case let .pitchNotAligned(pitch):
            "pitch \(pitch) is not a multiple of 4 bytes"
        case let .tooLarge(pitch, height):
            "\(height) rows of \(pitch) bytes exceed the 2 GiB an image may hold"
        case let .byteCountMismatch(expected, actual):
            "expected \(expected) bytes of pixels, got \(actual)"
        case let .outOfMemory(bytes):
            "could not allocate \(bytes) bytes of pixels"
        }
    }
}
