import KioskGraphics

/// A canvas's pixels copied out with one memcpy: a value that may go to another thread (a
/// canvas may not), so a snapshot's PNG is encoded off the loop that draws.
struct FramePixels: Sendable {
    let width: Int
    let height: Int
    let pitch: Int
    let format: PixelFormat
    private let bytes: [UInt8]

    /// The pixels of `canvas` now.
    init(_ canvas: Canvas) {
        width = canvas.width
        height = canvas.height
        pitch = canvas.pitch
        format = canvas.format
        let count = canvas.pitch * canvas.height
        bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(start: canvas.baseAddress, count: count))
            initialized = count
        }
    }

    /// The pixels as PNG bytes, as `Canvas.pngData()` encodes them. The canvas wrapped around
    /// the bytes is only read (by the encoder), so it needs no copy of its own.
    func pngData() throws -> [UInt8] {
        try bytes.withUnsafeBytes { memory in
            try Canvas(wrapping: UnsafeMutableRawPointer(mutating: memory.baseAddress!), width: width, height: height,
                       format: format, pitch: pitch).pngData()
        }
    }
}
