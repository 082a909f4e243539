import Glibc
import KioskCore

/// Speech appended to one WAV file (RIFF, 16-bit PCM mono), its header kept true after
/// every write so the file is valid whenever it is read: headless speech output. An
/// interrupted utterance keeps what was written before the interruption.
public final class WAVFileWriter: SpeechOutput {
    public let path: String
    /// Written with pwrite: the header at 0, samples at the end (FileHandle is full Foundation's).
    private let fd: Int32
    private var sampleRate: Int?
    private var dataBytes = 0

    /// Creates the file at `path`, replacing only a regular file (`OutputFile`: a device
    /// or FIFO named by mistake is an error, not emptied or blocked on).
    public init(path: String) throws(SpeechError) {
        do {
            fd = try OutputFile.create(path, permissions: 0o644)
        } catch {
            throw SpeechError("cannot write speech to \(error)")
        }
        self.path = path
    }

    deinit { close(fd) }

    /// Appends `samples`; the file's rate is the first write's.
    public func write(_ samples: UnsafeBufferPointer<Int16>, sampleRate: Int) throws(SpeechError) {
        let rate = self.sampleRate ?? sampleRate
        guard rate == sampleRate else { throw SpeechError("speech at \(sampleRate) Hz cannot go into \(path) at \(rate) Hz") }
        self.sampleRate = rate
        var bytes: [UInt8] = []
        bytes.reserveCapacity(samples.count * 2)
        for sample in samples { Self.put(UInt16(bitPattern: sample), into: &bytes) }
        let end = 44 + dataBytes
        dataBytes += bytes.count
        guard writeAll(Self.header(sampleRate: rate, dataBytes: dataBytes), at: 0), writeAll(bytes, at: end) else {
            throw SpeechError("cannot write speech to \(path): \(String(cString: strerror(errno)))")
        }
    }

    private func writeAll(_ bytes: [UInt8], at offset: Int) -> Bool {
        var done = 0
        while done < bytes.count {
            let written = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress! + done, $0.count - done, off_t(offset + done)) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            done += written
        }
        return true
    }

    /// Written samples are in the file already.
    public func finish() {}

    /// A file cannot unsay what it holds; the next utterance follows it.
    public func interrupt() {}

    /// The 44-byte RIFF/WAVE header of 16-bit mono PCM.
    static func header(sampleRate: Int, dataBytes: Int) -> [UInt8] {
        var bytes = Array("RIFF".utf8)
        put(UInt32(36 + dataBytes), into: &bytes)
        bytes += Array("WAVEfmt ".utf8)
        put(UInt32(16), into: &bytes)
        put(UInt16(1), into: &bytes)                     // PCM
        put(UInt16(1), into: &bytes)                     // mono
        put(UInt32(sampleRate), into: &bytes)
        put(UInt32(sampleRate * 2), into: &bytes)        // bytes per second
        put(UInt16(2), into: &bytes)                     // bytes per frame
        put(UInt16(16), into: &bytes)                    // bits per sample
        bytes += Array("data".utf8)
        put(UInt32(dataBytes), into: &bytes)
        return bytes
    }

    private static func put<T: FixedWidthInteger>(_ value: T, into bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }
}
