import Foundation

/// Speech appended to one WAV file (RIFF, 16-bit PCM mono), its header kept true after
/// every write so the file is valid whenever it is read: headless speech output. An
/// interrupted utterance keeps what was written before the interruption.
public final class WAVFileWriter: SpeechOutput {
    public let path: String
    private let handle: FileHandle
    private var sampleRate: Int?
    private var dataBytes = 0

    /// Creates (or empties) the file at `path`.
    public init(path: String) throws(SpeechError) {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw SpeechError("cannot write speech to \(path): \(String(cString: strerror(errno)))")
        }
        self.path = path
        self.handle = handle
    }

    deinit { try? handle.close() }

    /// Appends `samples`; the file's rate is the first write's.
    public func write(_ samples: UnsafeBufferPointer<Int16>, sampleRate: Int) throws(SpeechError) {
        let rate = self.sampleRate ?? sampleRate
        guard rate == sampleRate else { throw SpeechError("speech at \(sampleRate) Hz cannot go into \(path) at \(rate) Hz") }
        self.sampleRate = rate
        var bytes: [UInt8] = []
        bytes.reserveCapacity(samples.count * 2)
        for sample in samples { Self.put(UInt16(bitPattern: sample), into: &bytes) }
        dataBytes += bytes.count
        do {
            try handle.seek(toOffset: 0)
            try handle.write(contentsOf: Self.header(sampleRate: rate, dataBytes: dataBytes))
            try handle.seekToEnd()
            try handle.write(contentsOf: bytes)
        } catch {
            throw SpeechError("cannot write speech to \(path): \(error.localizedDescription)")
        }
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
