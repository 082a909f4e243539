import CALSA

/// Speech played on an ALSA PCM device (a headphone jack's codec, a USB sound card), as
/// it is made. The stream starts with the first samples written; after an utterance it runs
/// dry and stops (an underrun, recovered from by the next write); an interruption drops
/// what is buffered at once.
public final class ALSAOutput: SpeechOutput {
    public let device: String
    public let sampleRate: Int
    private let pcm: OpaquePointer
    /// Frames per period: the silence written after an utterance.
    private let periodFrames: Int

    /// How much audio ALSA buffers, µs: enough to ride out a busy moment, little enough
    /// that an interruption is heard at once.
    private static let latency: UInt32 = 100_000

    /// Opens `device` ("default", "plughw:0", a name in asound.conf) for 16-bit mono at
    /// `sampleRate`. The error says which device and why, in one line.
    public init(device: String, sampleRate: Int) throws(SpeechError) {
        kiosk_alsa_silence_errors()
        var handle: OpaquePointer?
        var result = snd_pcm_open(&handle, device, SND_PCM_STREAM_PLAYBACK, 0)
        guard result >= 0, let handle else { throw Self.error("cannot open", device, result) }
        result = snd_pcm_set_params(handle, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED, 1,
                                    UInt32(sampleRate), 1, Self.latency)
        var buffer: snd_pcm_uframes_t = 0, period: snd_pcm_uframes_t = 0
        if result >= 0 { result = snd_pcm_get_params(handle, &buffer, &period) }
        if result >= 0 { result = Self.startAtFirstWrite(handle) }
        guard result >= 0 else {
            snd_pcm_close(handle)
            throw Self.error("cannot set up 16-bit mono at \(sampleRate) Hz on", device, result)
        }
        self.device = device
        self.sampleRate = sampleRate
        pcm = handle
        periodFrames = Int(period)
    }

    deinit {
        snd_pcm_close(pcm)
    }

    /// ALSA starts a stream once its buffer is full by default; speech should start with
    /// its first chunk.
    private static func startAtFirstWrite(_ pcm: OpaquePointer) -> Int32 {
        var params: OpaquePointer?
        var result = snd_pcm_sw_params_malloc(&params)
        guard result >= 0, let params else { return result }
        defer { snd_pcm_sw_params_free(params) }
        result = snd_pcm_sw_params_current(pcm, params)
        if result >= 0 { result = snd_pcm_sw_params_set_start_threshold(pcm, params, 1) }
        if result >= 0 { result = snd_pcm_sw_params(pcm, params) }
        return result
    }

    public func write(_ samples: UnsafeBufferPointer<Int16>, sampleRate: Int) throws(SpeechError) {
        guard sampleRate == self.sampleRate else {
            throw SpeechError("speech at \(sampleRate) Hz cannot play on ALSA device \(device) set up for \(self.sampleRate) Hz")
        }
        guard let base = samples.baseAddress else { return }
        var written = 0
        while written < samples.count {
            let frames = snd_pcm_writei(pcm, base + written, snd_pcm_uframes_t(samples.count - written))
            if frames >= 0 {
                written += Int(frames)
            } else if snd_pcm_recover(pcm, Int32(frames), 1) < 0 {
                // An underrun (the last utterance played out) or a suspend is recovered from;
                // anything else (the device unplugged) is not.
                throw Self.error("cannot play on", device, Int32(frames))
            }
        }
    }

    /// A period of silence, so the stop at the underrun cuts silence, not the last syllable.
    public func finish() throws(SpeechError) {
        let silence = UnsafeMutableBufferPointer<Int16>.allocate(capacity: periodFrames)
        defer { silence.deallocate() }
        silence.initialize(repeating: 0)
        try write(UnsafeBufferPointer(silence), sampleRate: sampleRate)
    }

    public func interrupt() {
        snd_pcm_drop(pcm)
        snd_pcm_prepare(pcm)
    }

    private static func error(_ what: String, _ device: String, _ code: Int32) -> SpeechError {
        SpeechError("\(what) ALSA device \(device): \(String(cString: snd_strerror(code)))")
    }
}
