import FoundationEssentials
import Glibc
import KioskCore
import Testing
@testable import KioskSpeech

/// A WAV file as the output, watched: what each call did, and a hook that runs on the
/// speech thread when a chunk arrives (to speak again in the middle of an utterance,
/// exactly there, without waiting on the clock).
final class WatchedWAV: SpeechOutput, @unchecked Sendable {
    let file: WAVFileWriter
    private let lock = Lock()
    private var log: [String] = []
    /// Samples of each write, in order.
    private(set) var sizes: [Int] = []
    var onChunk: (Int) -> Void = { _ in }
    private var chunks = 0

    init(path: String) throws { file = try WAVFileWriter(path: path) }

    var calls: [String] { lock.withLock { log } }

    func write(_ samples: UnsafeBufferPointer<Int16>, sampleRate: Int) throws(SpeechError) {
        try file.write(samples, sampleRate: sampleRate)
        lock.withLock {
            log.append("write")
            sizes.append(samples.count)
        }
        chunks += 1
        onChunk(chunks)
    }

    func finish() {
        lock.withLock { log.append("finish") }
    }

    func interrupt() {
        lock.withLock { log.append("interrupt") }
    }
}

@Suite("Streamed speech")
struct StreamingTests {
    func path() -> String { "/tmp/kiosk-stream-\(getpid())-\(UUID().uuidString.prefix(8)).wav" }

    func dataBytes(_ path: String) throws -> Int { try Data(contentsOf: URL(fileURLWithPath: path)).count - 44 }

    @Test("An utterance reaches the output in many chunks of about 50 ms, as they are made")
    func chunks() throws {
        let file = path()
        defer { unlink(file) }
        let output = try WatchedWAV(path: file)
        let synthesizer = SpeechSynthesizer(output: output, report: { Issue.record("\($0)") })
        defer { synthesizer.stop() }
        synthesizer.speak("Delete the whole order, button", language: "en")
        synthesizer.waitUntilIdle()
        let writes = output.calls.filter { $0 == "write" }.count
        let seconds = Double(try dataBytes(file) / 2) / 22050
        #expect(output.calls.last == "finish")
        #expect(writes > 20 && Double(writes) > seconds / 0.06, "\(writes) chunks for \(seconds) s: \(output.sizes)")
    }

    @Test("Newer speech cuts the utterance under way short and replaces what waits; only the newest is spoken whole")
    func interruption() throws {
        let alone = path(), cut = path()
        defer { unlink(alone); unlink(cut) }
        let newest = "Stop, button"

        let reference = try WatchedWAV(path: alone)
        let quiet = SpeechSynthesizer(output: reference, report: { Issue.record("\($0)") })
        quiet.speak(newest, language: "en")
        quiet.waitUntilIdle()
        quiet.stop()
        let newestBytes = try dataBytes(alone)

        let output = try WatchedWAV(path: cut)
        let synthesizer = SpeechSynthesizer(output: output, report: { Issue.record("\($0)") })
        defer { synthesizer.stop() }
        // At the long utterance's second chunk the focus moves twice: the first move is
        // dropped unspoken, the second is said.
        output.onChunk = { [unowned output] chunk in
            guard chunk == 2 else { return }
            synthesizer.speak("Go, button, which is a button with a long description", language: "en")
            synthesizer.speak(newest, language: "en")
            output.onChunk = { _ in }
        }
        synthesizer.speak(String(repeating: "A long label read slowly. ", count: 20), language: "en")
        synthesizer.waitUntilIdle()
        let calls = output.calls
        #expect(Array(calls.prefix(3)) == ["write", "write", "interrupt"], "\(calls)")
        #expect(calls.last == "finish" && calls.filter { $0 == "interrupt" }.count == 1)
        // Two chunks of the first utterance, none of the dropped one, then the newest whole
        // (eSpeak NG's pauses after a stopped utterance may differ by some milliseconds; the
        // dropped text would be seconds).
        let firstTwo = output.sizes.prefix(2).reduce(0, +)
        #expect(firstTwo > 0 && firstTwo <= 2 * 1200, "\(output.sizes.prefix(2))")
        let rest = try dataBytes(cut) - firstTwo * 2
        #expect(abs(rest - newestBytes) < newestBytes / 10, "\(rest) bytes after the cut, \(newestBytes) for the newest alone")
    }
}

@Suite("ALSA output")
struct ALSAOutputTests {
    @Test("A device that is not there is one clear line naming it")
    func missingDevice() {
        #expect(throws: SpeechError("cannot open ALSA device kiosk_no_such_device: No such file or directory")) {
            try ALSAOutput(device: "kiosk_no_such_device", sampleRate: 22050)
        }
    }

    @Test("Speech streams to a device (ALSA's null device), and an interruption drops what it buffered")
    func nullDevice() throws {
        let output = try ALSAOutput(device: "null", sampleRate: 22050)
        let synthesizer = SpeechSynthesizer(output: output, report: { Issue.record("\($0)") })
        defer { synthesizer.stop() }
        synthesizer.speak("Start, button", language: "en")
        synthesizer.waitUntilIdle()
        output.interrupt()
        let silence = [Int16](repeating: 0, count: 100)
        try silence.withUnsafeBufferPointer { samples throws(SpeechError) in
            #expect(throws: SpeechError("speech at 16000 Hz cannot play on ALSA device null set up for 22050 Hz")) {
                try output.write(samples, sampleRate: 16000)
            }
            try output.write(samples, sampleRate: 22050)
        }
    }
}
