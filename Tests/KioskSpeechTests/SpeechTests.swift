import FoundationEssentials
import Glibc
import KioskCore
import Testing
@testable import KioskSpeech

@Suite("Speech")
struct SpeechTests {
    /// The little-endian integer of `size` bytes at `offset`.
    func integer(_ bytes: [UInt8], at offset: Int, size: Int) -> Int {
        (0..<size).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
    }

    @Test("A phrase is synthesized on the speech thread into a valid, non-silent WAV file of plausible length")
    func phraseToWAV() throws {
        let speech = try SpeechToFile()
        defer { withExtendedLifetime(speech) {} }
        let (path, reports, synthesizer) = (speech.path, speech.reports, speech.synthesizer)
        synthesizer.speak("Delete, button", language: "en")
        synthesizer.waitUntilIdle()
        #expect(reports.all.isEmpty, "\(reports.all)")

        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        try #require(bytes.count > 44)
        #expect(Array(bytes[0..<4]) == Array("RIFF".utf8) && Array(bytes[8..<16]) == Array("WAVEfmt ".utf8))
        #expect(integer(bytes, at: 4, size: 4) == bytes.count - 8)
        #expect(integer(bytes, at: 20, size: 2) == 1 && integer(bytes, at: 22, size: 2) == 1 && integer(bytes, at: 34, size: 2) == 16)
        let rate = integer(bytes, at: 24, size: 4)
        #expect(rate == 22050)
        #expect(Array(bytes[36..<40]) == Array("data".utf8) && integer(bytes, at: 40, size: 4) == bytes.count - 44)
        let samples = stride(from: 44, to: bytes.count - 1, by: 2).map { Int16(bitPattern: UInt16(integer(bytes, at: $0, size: 2))) }
        let seconds = Double(samples.count) / Double(rate)
        #expect(seconds > 0.4 && seconds < 4, "\(seconds) s")
        let loud = samples.filter { abs(Int($0)) > 1000 }.count
        #expect(Double(loud) / Double(samples.count) > 0.05, "\(loud) of \(samples.count) samples above 1000")
    }

    @Test("Utterances spoken one after another follow one another in the file; a voice-less language is reported and speech goes on")
    func severalAndMissingVoice() throws {
        let speech = try SpeechToFile()
        defer { withExtendedLifetime(speech) {} }
        let (path, reports, synthesizer) = (speech.path, speech.reports, speech.synthesizer)
        synthesizer.speak("Start", language: "en")
        synthesizer.waitUntilIdle()
        let one = try Data(contentsOf: URL(fileURLWithPath: path)).count
        for (text, language) in [("Nothing", "xx"), ("Starten", "de"), (String(repeating: "a", count: 10_000), "en")] {
            synthesizer.speak(text, language: language)
            synthesizer.waitUntilIdle()
        }
        let all = try Data(contentsOf: URL(fileURLWithPath: path)).count
        #expect(all > one)
        #expect(reports.all == ["speech: no eSpeak NG voice for xx"])
    }
}

/// A synthesizer writing into a WAV file of its own, stopped and removed at the end.
final class SpeechToFile {
    let path = "/tmp/kiosk-speech-\(getpid())-\(UUID().uuidString.prefix(8)).wav"
    let reports = Reports()
    let synthesizer: SpeechSynthesizer

    init() throws {
        synthesizer = SpeechSynthesizer(output: try WAVFileWriter(path: path), report: reports.add)
    }

    deinit {
        synthesizer.stop()
        unlink(path)
    }
}

/// Messages from the speech thread.
final class Reports: @unchecked Sendable {
    private let lock = Lock()
    private var messages: [String] = []
    var all: [String] { lock.withLock { messages } }
    func add(_ message: String) { lock.withLock { messages.append(message) } }
}
