import CESpeakNG
internal import CICU
import Glibc
import FoundationEssentials
import Synchronization

/// eSpeak NG synthesizing in chunks handed to the caller as they are made. It keeps one
/// global state, so every call goes through one lock, and it is started once per process.
enum ESpeak {
    /// The sample rate once started.
    private static let state = Mutex<Int?>(nil)

    /// Audio per callback, ms (eSpeak NG's default is 200): short, so an interruption takes
    /// effect soon; eSpeak NG delivers about 50 ms however little is asked.
    private static let chunkMilliseconds: Int32 = 50

    /// The rate of every utterance's samples; starts eSpeak NG when it is not yet.
    static func sampleRate() throws(SpeechError) -> Int {
        try state.withLock { rate in
            Result { () throws(SpeechError) -> Int in try started(&rate) }
        }.get()
    }

    /// Speaks `text` with the voice of `language` (a BCP 47 tag: "pt-BR", then "pt"), handing
    /// each chunk of samples to `chunk` as it is made, with the sample rate; `chunk`
    /// returns false to stop the utterance there.
    static func synthesize(_ text: String, language: String,
                           chunk: (UnsafeBufferPointer<Int16>, Int) -> Bool) throws(SpeechError) {
        try state.withLock { rate in
            Result { () throws(SpeechError) in
                let sampleRate = try started(&rate)
                try selectVoice(for: language)
                let result = withoutActuallyEscaping(chunk) { chunk in
                    let sink = ChunkSink { chunk($0, sampleRate) }
                    return text.withCString { chars in
                        espeak_Synth(chars, strlen(chars) + 1, 0, POS_CHARACTER, 0, UInt32(espeakCHARS_UTF8), nil,
                                     Unmanaged.passUnretained(sink).toOpaque())
                    }
                }
                // An utterance stopped by `chunk` ends as EE_OK too (the callback's 1 aborts it).
                guard result == EE_OK else {
                    throw SpeechError("eSpeak NG could not speak \"\(text.prefix(40))\" (error \(result.rawValue))")
                }
            }
        }.get()
    }

    /// The sample rate, starting eSpeak NG synchronously first (samples come to the
    /// callback, nothing plays) when `rate` says it has not been.
    private static func started(_ rate: inout Int?) throws(SpeechError) -> Int {
        if let rate { return rate }
        let started = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, chunkMilliseconds, nil, 0)
        guard started > 0 else { throw SpeechError("eSpeak NG did not start: is espeak-ng-data installed?") }
        espeak_SetSynthCallback { wav, count, events in
            guard let wav, count > 0, let data = events?.pointee.user_data else { return 0 }
            let keepGoing = Unmanaged<ChunkSink>.fromOpaque(data).takeUnretainedValue()
                .deliver(UnsafeBufferPointer(start: wav, count: Int(count)))
            return keepGoing ? 0 : 1
        }
        rate = Int(started)
        return Int(started)
    }

    /// The voice named by the tag's language with its region, else without.
    private static func selectVoice(for tag: String) throws(SpeechError) {
        // The tag's language and region, by ICU.
        func part(_ get: (UnsafePointer<CChar>, UnsafeMutablePointer<CChar>, Int32, UnsafeMutablePointer<Int32>) -> Int32) -> String {
            var buffer = [CChar](repeating: 0, count: 16)
            var status = KIOSK_U_ZERO_ERROR
            let length = get(tag, &buffer, Int32(buffer.count - 1), &status)
            guard status <= KIOSK_U_ZERO_ERROR, length > 0 else { return "" }
            return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        let parsed = part(kiosk_uloc_getLanguage)
        let language = parsed.isEmpty ? "en" : parsed
        let region = part(kiosk_uloc_getCountry)
        let names = region.isEmpty ? [language] : ["\(language)-\(region.lowercased())", language]
        for name in names where espeak_SetVoiceByName(name) == EE_OK { return }
        throw SpeechError("no eSpeak NG voice for \(tag)")
    }

    /// Where one utterance's chunks go (the callback finds it by its user data).
    private final class ChunkSink {
        let deliver: (UnsafeBufferPointer<Int16>) -> Bool
        init(_ deliver: @escaping (UnsafeBufferPointer<Int16>) -> Bool) { self.deliver = deliver }
    }
}
