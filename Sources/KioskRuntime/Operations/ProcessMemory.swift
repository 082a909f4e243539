import CKioskShim
import FoundationEssentials
import Glibc

/// The kiosk's memory now: the live heap (what a leak grows) and the resident set (what
/// the board's memory pays, including pages malloc keeps after freeing).
public struct ProcessMemory: Equatable, Sendable {
    public var heapBytes: Int
    public var residentBytes: Int?

    public init(heapBytes: Int, residentBytes: Int?) {
        self.heapBytes = heapBytes
        self.residentBytes = residentBytes
    }

    /// Read now.
    public static var current: ProcessMemory {
        ProcessMemory(heapBytes: Int(kiosk_heap_in_use()), residentBytes: residentBytes())
    }

    /// The second field of /proc/self/statm (resident pages), in bytes.
    public static func residentBytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Gives the heap's free pages back to the system: after a burst (a flood of requests,
    /// a screen of large images gone) malloc keeps them, and the next week would start higher.
    public static func returnFreePages() { _ = kiosk_heap_trim() }
}
