import FoundationEssentials
import Glibc
import KioskCore

/// Speaks on a thread of its own: `speak` only hands the text over, so the run loop never
/// waits for eSpeak NG. Speech is streamed: each chunk goes to the output as eSpeak NG
/// makes it, so speaking starts after the first chunk, not the whole utterance. As a
/// screen reader does, the newest text wins: it cuts the utterance playing short and
/// replaces any still waiting. A synthesis failure (a missing voice) is reported and the
/// next utterance goes on; an output that fails is reported once and speech stops.
public final class SpeechSynthesizer: @unchecked Sendable {
    /// Texts longer than this are cut: a label of thousands of characters would speak for minutes.
    public static let maximumLength = 500

    private let condition = Condition()
    private var waiting: (text: String, language: String)?
    private var isSpeaking = false
    private var isInterrupted = false
    private var isStopped = false
    /// False when the system refused the thread: then nothing is queued or waited for.
    private var hasThread = true
    private let output: SpeechOutput
    private let report: (String) -> Void

    /// The rate of the samples every output gets (eSpeak NG's; starts it).
    public static func sampleRate() throws(SpeechError) -> Int { try ESpeak.sampleRate() }

    /// `output` and `report` are called on the synthesizer's thread.
    public init(output: SpeechOutput, report: @escaping (String) -> Void) {
        self.output = output
        self.report = report
        do {
            try startThread(named: "speech") { [self] in run() }
        } catch {
            // Without its thread nothing is spoken; the kiosk goes on silent.
            report("speech: \(error); speech is off")
            hasThread = false
        }
    }

    /// Speaks `text` with the voice of `language` (a BCP 47 tag: "de", "pt-BR"), at once:
    /// what is being said stops and what was waiting is dropped.
    public func speak(_ text: String, language: String) {
        condition.withLock {
            guard hasThread else { return }
            waiting = (String(text.prefix(Self.maximumLength)), language)
            if isSpeaking { isInterrupted = true }
            condition.signal()
        }
    }

    /// Waits until nothing is waiting or being spoken (tests, and a clean exit).
    public func waitUntilIdle() {
        condition.withLock {
            while waiting != nil || isSpeaking { condition.wait() }
        }
    }

    /// Ends the thread once what is waiting is spoken.
    public func stop() {
        condition.withLock {
            isStopped = true
            condition.broadcast()
        }
    }

    private var interrupted: Bool { condition.withLock { isInterrupted } }

    private func run() {
        var outputFailed = false
        while let (text, language) = next() {
            if !outputFailed {
                do {
                    outputFailed = try say(text, language: language)
                } catch {
                    report("speech: \(error.description)")
                }
            }
            condition.withLock {
                isSpeaking = false
                condition.broadcast()
            }
        }
    }

    /// Streams one utterance to the output; true when the output failed (reported).
    private func say(_ text: String, language: String) throws(SpeechError) -> Bool {
        var failure: SpeechError?
        try ESpeak.synthesize(text, language: language) { samples, rate in
            guard !interrupted else { return false }
            do throws(SpeechError) {
                try output.write(samples, sampleRate: rate)
                return true
            } catch {
                failure = error
                return false
            }
        }
        do throws(SpeechError) {
            if let failure { throw failure }
            if interrupted { output.interrupt() } else { try output.finish() }
            return false
        } catch {
            report("speech: \(error.description); running without speech")
            return true
        }
    }

    /// The next utterance, waiting for one; nil once stopped with nothing left.
    private func next() -> (String, String)? {
        condition.withLock {
            while waiting == nil && !isStopped { condition.wait() }
            guard let utterance = waiting else { return nil }
            waiting = nil
            isSpeaking = true
            isInterrupted = false
            return utterance
        }
    }
}
