import Foundation

/// Speaks on a thread of its own: `speak` only queues the text, so the run loop never
/// waits for eSpeak NG. Each utterance goes to `output` (a WAV file headless); a failure
/// (a missing voice, an unwritable file) is reported and the next utterance goes on.
public final class SpeechSynthesizer: @unchecked Sendable {
    /// Texts longer than this are cut: a label of thousands of characters would speak for minutes.
    public static let maximumLength = 500

    private let condition = NSCondition()
    private var queue: [(text: String, locale: Locale)] = []
    private var isSpeaking = false
    private var isStopped = false
    private let output: (Speech) throws(SpeechError) -> Void
    private let report: (String) -> Void

    /// `output` and `report` run on the synthesizer's thread.
    public init(output: @escaping (Speech) throws(SpeechError) -> Void, report: @escaping (String) -> Void) {
        self.output = output
        self.report = report
        let thread = Thread { [self] in run() }
        thread.name = "speech"
        thread.start()
    }

    /// Queues `text` to be spoken by the voice of `locale`'s language.
    public func speak(_ text: String, locale: Locale) {
        condition.withLock {
            queue.append((String(text.prefix(Self.maximumLength)), locale))
            condition.signal()
        }
    }

    /// Waits until everything queued has been spoken (tests, and a clean exit).
    public func waitUntilIdle() {
        condition.withLock {
            while !queue.isEmpty || isSpeaking { condition.wait() }
        }
    }

    /// Ends the thread once the queue is spoken.
    public func stop() {
        condition.withLock {
            isStopped = true
            condition.broadcast()
        }
    }

    private func run() {
        while let (text, locale) = next() {
            do {
                try output(try ESpeak.synthesize(text, locale: locale))
            } catch {
                report("speech: \(error.description)")
            }
            condition.withLock {
                isSpeaking = false
                condition.broadcast()
            }
        }
    }

    /// The next utterance, waiting for one; nil once stopped with nothing left.
    private func next() -> (String, Locale)? {
        condition.withLock {
            while queue.isEmpty && !isStopped { condition.wait() }
            guard !queue.isEmpty else { return nil }
            isSpeaking = true
            return queue.removeFirst()
        }
    }
}
