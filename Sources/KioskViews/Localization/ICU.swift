internal import CICU
import FoundationEssentials
import Glibc
import KioskCore

/// Calls into the system's ICU (linked dynamically, as FreeType is) for what needs CLDR's
/// locale data: plural rules, number, currency and date formats, writing direction.
/// FoundationEssentials has none of it, and full Foundation would link a second, static ICU.
enum ICU {
    /// ICU's locale ID for the BCP 47 tag `tag` ("pt-BR" → "pt_BR"; "pt_BR" is read as
    /// "pt-BR"), or nil when ICU does not read all of it.
    static func localeID(forLanguageTag tag: String) -> String? {
        let text = tag.replacing("_", with: "-")
        var parsed: Int32 = 0
        let id = cString { buffer, capacity, status in kiosk_uloc_forLanguageTag(text, buffer, capacity, &parsed, &status) }
        guard let id, !id.isEmpty, parsed == text.utf8.count else { return nil }
        return id
    }

    /// The BCP 47 tag of ICU's locale ID `id` ("pt_BR" → "pt-BR").
    static func languageTag(_ id: String) -> String? {
        cString { buffer, capacity, status in kiosk_uloc_toLanguageTag(id, buffer, capacity, &status) }
    }

    /// One part of ICU's locale ID `id` (its language, its region), or "".
    static func part(_ get: (UnsafePointer<CChar>, UnsafeMutablePointer<CChar>, Int32, UnsafeMutablePointer<Int32>) -> Int32,
                     of id: String) -> String {
        cString { buffer, capacity, status in get(id, buffer, capacity, &status) } ?? ""
    }

    /// ISO 639's language codes and ISO 3166's region codes, as the system's ICU lists them.
    static let isoLanguages = strings(kiosk_uloc_getISOLanguages())
    static let isoRegions = strings(kiosk_uloc_getISOCountries())

    private static func strings(_ list: UnsafePointer<UnsafePointer<CChar>?>?) -> Set<String> {
        var result: Set<String> = []
        var next = list
        while let string = next?.pointee {
            result.insert(String(cString: string))
            next = next?.successor()
        }
        return result
    }

    /// The text an ICU call writes into a `char` buffer (a locale ID or tag, which are short).
    private static func cString(_ call: (UnsafeMutablePointer<CChar>, Int32, inout Int32) -> Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: 160)
        var status = KIOSK_U_ZERO_ERROR
        let length = buffer.withUnsafeMutableBufferPointer { call($0.baseAddress!, Int32($0.count - 1), &status) }
        guard succeeded(status), length >= 0, length < buffer.count else { return nil }
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func succeeded(_ status: Int32) -> Bool { status <= KIOSK_U_ZERO_ERROR }

    /// The UTF-16 text an ICU call writes into a buffer, grown once when it did not fit.
    static func string(_ call: (UnsafeMutablePointer<UInt16>, Int32, inout Int32) -> Int32) -> String? {
        var capacity = 64
        for _ in 0..<2 {
            var buffer = [UInt16](repeating: 0, count: capacity)
            var status = KIOSK_U_ZERO_ERROR
            let length = buffer.withUnsafeMutableBufferPointer { call($0.baseAddress!, Int32(capacity), &status) }
            if status == KIOSK_U_BUFFER_OVERFLOW_ERROR {
                capacity = Int(length) + 1
                continue
            }
            guard succeeded(status) else { return nil }
            return String(decoding: buffer[..<Int(length)], as: UTF16.self)
        }
        return nil
    }

    /// Opened ICU formatters by key, kept: opening one parses CLDR data. ICU's formatters may
    /// be used from one thread at a time, hence the lock around each use.
    final class Cache<Key: Hashable, Value>: @unchecked Sendable {
        private let lock = Lock()
        private var values: [Key: Value] = [:]
        private let open: (Key) -> Value?

        init(open: @escaping (Key) -> Value?) { self.open = open }

        func with<T>(_ key: Key, _ body: (Value) -> T) -> T? {
            lock.lock()
            defer { lock.unlock() }
            if let value = values[key] { return body(value) }
            guard let value = open(key) else { return nil }
            values[key] = value
            return body(value)
        }
    }
}

extension ICU {
    /// `locale`'s decimal separator ("," in German) next to Latin digits.
    static func decimalSeparator(_ locale: LanguageTag) -> String {
        ICUNumberFormatter.cache.with(latinDigits(locale)) { formatter in
            string { buffer, capacity, status in
                kiosk_unum_getSymbol(formatter.format, KIOSK_UNUM_DECIMAL_SEPARATOR_SYMBOL, buffer, capacity, &status)
            }
        }.flatMap { $0 } ?? "."
    }

    /// `value` with `locale`'s digit grouping, in Latin digits ("1.234" in German).
    static func groupedInteger(_ value: Int64, _ locale: LanguageTag) -> String {
        ICUNumberFormatter.cache.with(latinDigits(locale)) { formatter in
            string { buffer, capacity, status in kiosk_unum_formatInt64(formatter.format, value, buffer, capacity, &status) }
        }.flatMap { $0 } ?? "\(value)"
    }

    /// A plain number format of `locale` in Latin digits (Arabic's own are "٣").
    private static func latinDigits(_ locale: LanguageTag) -> ICUNumberFormatter.Key {
        let id = locale.icuID
        return ICUNumberFormatter.Key(kind: .number, locale: id + (id.contains("@") ? ";" : "@") + "numbers=latn", precision: nil,
                                      grouping: true, isInteger: true)
    }
}
