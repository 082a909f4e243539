import Foundation
import KioskGraphics

/// An X window dump (`xwd -out FILE`) as a canvas: the header's fields are big-endian
/// 32-bit words, a colour map follows, then the pixels (ZPixmap, 32 bits, in the byte
/// order the header names, channels where its masks say).
enum XWDImage {
    struct Unsupported: Error, CustomStringConvertible {
        let description: String
    }

    static func canvas(file: String) throws -> Canvas {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
        func word(_ index: Int, littleEndian: Bool = false) -> UInt32 {
            let b = bytes[index..<index + 4].map(UInt32.init)
            return littleEndian ? b[0] | b[1] << 8 | b[2] << 16 | b[3] << 24 : b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3]
        }
        func field(_ n: Int) -> Int { Int(word(n * 4)) }
        guard bytes.count >= 100, field(2) == 2, field(11) == 32 else {
            throw Unsupported(description: "\(file) is not a 32-bit ZPixmap dump")
        }
        let width = field(4), height = field(5), byteOrderLSB = field(7) == 0, bytesPerLine = field(12)
        let masks = (red: word(14 * 4), green: word(15 * 4), blue: word(16 * 4))
        let start = field(0) + field(19) * 12
        guard bytes.count >= start + bytesPerLine * height else { throw Unsupported(description: "\(file) is cut short") }
        func channel(_ pixel: UInt32, _ mask: UInt32) -> UInt32 { (pixel & mask) >> UInt32(mask.trailingZeroBitCount) }
        let canvas = try Canvas(width: width, height: height, format: .xrgb8888)
        for y in 0..<height {
            let row = (canvas.baseAddress + y * canvas.pitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let p = word(start + y * bytesPerLine + x * 4, littleEndian: byteOrderLSB)
                row[x] = 0xFF00_0000 | channel(p, masks.red) << 16 | channel(p, masks.green) << 8 | channel(p, masks.blue)
            }
        }
        return canvas
    }
}
