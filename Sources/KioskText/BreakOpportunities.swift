import CThai
import CUnibreak
import Foundation

/// Where a line may end, by the Unicode Line Breaking Algorithm (UAX #14) from libunibreak,
/// and inside Thai, which has no spaces between words, by libthai's dictionary.
enum BreakOpportunities {
    /// For each scalar of a paragraph, whether a line may break after it.
    static func after(_ scalars: [UInt32]) -> [Bool] {
        guard !scalars.isEmpty else { return [] }
        var breaks = [CChar](repeating: 0, count: scalars.count)
        Unibreak.shared.setLinebreaks(scalars, into: &breaks)
        var result = breaks.map { $0 == CChar(LINEBREAK_ALLOWBREAK) || $0 == CChar(LINEBREAK_MUSTBREAK) }
        // One dictionary pass from the first Thai scalar to the last (libthai passes over what
        // is not Thai); its breaks count only between two Thai scalars, UAX #14 decides the rest.
        guard let start = scalars.firstIndex(where: isThai), let last = scalars.lastIndex(where: isThai) else { return result }
        for position in ThaiDictionary.shared.breaks(scalars[start...last]) where position > 0 {
            let before = start + position - 1
            if before + 1 < scalars.count, isThai(scalars[before]), isThai(scalars[before + 1]) { result[before] = true }
        }
        return result
    }

    static func isThai(_ scalar: UInt32) -> Bool { (0x0E01...0x0E5B).contains(scalar) }
}

/// libunibreak's tables, set up once (without `init_linebreak` every lookup is a linear search).
private final class Unibreak: @unchecked Sendable {
    static let shared = Unibreak()

    private init() { init_linebreak() }

    func setLinebreaks(_ scalars: [UInt32], into breaks: inout [CChar]) {
        set_linebreaks_utf32(scalars, scalars.count, nil, &breaks)
    }
}

/// libthai's word-break dictionary, loaded once. libthai's breaker keeps state while it
/// works, so one call runs at a time. Without the dictionary (libthai-data missing), Thai
/// breaks only where UAX #14 allows, at spaces.
private final class ThaiDictionary: @unchecked Sendable {
    static let shared = ThaiDictionary()
    private let breaker = th_brk_new(nil)
    private let lock = NSLock()

    /// Offsets inside `thai` (text with Thai in it) where a word starts, the first excluded.
    func breaks(_ thai: ArraySlice<UInt32>) -> [Int] {
        guard let breaker else { return [] }
        lock.lock()
        defer { lock.unlock() }
        let text = thai.map { wchar_t(bitPattern: $0) } + [0]
        var positions = [Int32](repeating: 0, count: thai.count + 1)
        let found = th_brk_wc_find_breaks(breaker, text, &positions, positions.count)
        return positions.prefix(Int(max(found, 0))).map(Int.init)
    }
}
