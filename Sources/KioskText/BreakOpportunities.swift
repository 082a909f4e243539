import CThai
import CUnibreak
import FoundationEssentials
import Glibc
import KioskCore

/// Where a line may end, by the Unicode Line Breaking Algorithm (UAX #14) from libunibreak,
/// and inside Thai, which has no spaces between words, by libthai's dictionary.
enum BreakOpportunities {
    /// For each scalar of a paragraph, whether UAX #14 lets a line break after it; and the
    /// runs of Thai scalars, inside which only the dictionary (`thai(_:)`) finds breaks.
    static func after(_ scalars: [UInt32]) -> (breaks: [Bool], thaiRuns: [Range<Int>]) {
        guard !scalars.isEmpty else { return ([], []) }
        var breaks = [CChar](repeating: 0, count: scalars.count)
        Unibreak.shared.setLinebreaks(scalars, into: &breaks)
        var thaiRuns: [Range<Int>] = []
        var start = 0
        while start < scalars.count {
            guard isThai(scalars[start]) else { start += 1; continue }
            var end = start
            while end < scalars.count, isThai(scalars[end]) { end += 1 }
            thaiRuns.append(start..<end)
            start = end
        }
        return (breaks.map { $0 == CChar(LINEBREAK_ALLOWBREAK) || $0 == CChar(LINEBREAK_MUSTBREAK) }, thaiRuns)
    }

    /// Offsets inside `run` (Thai scalars) where a word starts, the first excluded.
    static func thai(_ run: ArraySlice<UInt32>) -> [Int] {
        ThaiDictionary.shared.breaks(run).filter { $0 > 0 && $0 < run.count }
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
    private let lock = Lock()

    /// Offsets inside `thai` (a run of Thai scalars) where a word starts.
    func breaks(_ thai: ArraySlice<UInt32>) -> [Int] {
        guard let breaker else { return [] }
        lock.lock()
        defer { lock.unlock() }
        let text = thai.map { wchar_t(truncatingIfNeeded: $0) } + [0]
        var positions = [Int32](repeating: 0, count: thai.count + 1)
        let found = th_brk_wc_find_breaks(breaker, text, &positions, positions.count)
        return positions.prefix(Int(max(found, 0))).map(Int.init)
    }
}
