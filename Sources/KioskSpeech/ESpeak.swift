import CESpeakNG
import Foundation
import Synchronization

/// eSpeak NG synthesizing into memory. It keeps one global state, so every call goes
/// through one lock, and it is started once per process.
enum ESpeak {
    /// The sample rate once started.
    private static let state = Mutex<Int?>(nil)

    /// `text` spoken by the voice of `locale`'s language ("pt-BR", then "pt").
    static func synthesize(_ text: String, locale: Locale) throws(SpeechError) -> Speech {
        try state.withLock { rate in
            Result { () throws(SpeechError) -> Speech in
                let sampleRate: Int
                if let started = rate { sampleRate = started } else { sampleRate = try start() }
                rate = sampleRate
                try selectVoice(for: locale)
                let sink = SampleSink()
                let result = text.withCString { chars in
                    espeak_Synth(chars, strlen(chars) + 1, 0, POS_CHARACTER, 0, UInt32(espeakCHARS_UTF8), nil,
                                 Unmanaged.passUnretained(sink).toOpaque())
                }
                guard result == EE_OK else {
                    throw SpeechError("eSpeak NG could not speak \"\(text.prefix(40))\" (error \(result.rawValue))")
                }
                return Speech(samples: sink.samples, sampleRate: sampleRate)
            }
        }.get()
    }

    /// Starts eSpeak NG synchronously (samples come to the callback, nothing plays).
    private static func start() throws(SpeechError) -> Int {
        let rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, nil, 0)
        guard rate > 0 else { throw SpeechError("eSpeak NG did not start: is espeak-ng-data installed?") }
        espeak_SetSynthCallback { wav, count, events in
            guard let wav, count > 0, let data = events?.pointee.user_data else { return 0 }
            Unmanaged<SampleSink>.fromOpaque(data).takeUnretainedValue().samples
                .append(contentsOf: UnsafeBufferPointer(start: wav, count: Int(count)))
            return 0
        }
        return Int(rate)
    }

    /// The voice named by the locale's language with its region, else without.
    private static func selectVoice(for locale: Locale) throws(SpeechError) {
        let language = locale.language.languageCode?.identifier ?? "en"
        let names = locale.region.map { ["\(language)-\($0.identifier.lowercased())", language] } ?? [language]
        for name in names where espeak_SetVoiceByName(name) == EE_OK { return }
        throw SpeechError("no eSpeak NG voice for \(locale.identifier)")
    }

    /// Where one utterance's samples collect (the callback finds it by its user data).
    private final class SampleSink {
        var samples: [Int16] = []
    }
}
