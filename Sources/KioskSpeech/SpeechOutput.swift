/// Where speech goes as eSpeak NG makes it: a sound device, or a WAV file headless.
/// Called on the synthesizer's thread only.
public protocol SpeechOutput: AnyObject {
    /// The next samples of the utterance under way: 16-bit mono at `sampleRate`.
    func write(_ samples: UnsafeBufferPointer<Int16>, sampleRate: Int) throws(SpeechError)
    /// The utterance is complete; what is written plays to its end.
    func finish() throws(SpeechError)
    /// A newer utterance cut this one short: what is not yet played is dropped.
    func interrupt()
}
