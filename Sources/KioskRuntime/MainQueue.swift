import CKioskShim
import Dispatch
import KioskCore
#if canImport(Glibc)
import Glibc
#endif

/// The main dispatch queue, which the kiosk's loop runs as SwiftUI's run loop does on a
/// phone: the main actor's jobs (`@MainActor` code, a `Task {}` started by a button's action
/// or a `.task` modifier, the continuation of an `await` that hops back) and
/// `DispatchQueue.main.async(After:)` blocks are queued there. Each call runs one batch,
/// what was queued when it began; what that batch queues comes in a later turn, after the
/// loop has read input again, so a flood of main-queue work cannot starve the touches.
///
/// Only the process's main thread may run the main queue (libdispatch binds it there), so
/// a loop on another thread (a test's; the kiosk in-process on a thread) leaves it alone:
/// `isRunHere` is false there.
/// CKioskShim's MainQueue.h says why the two calls used here are libdispatch's SPI.
enum MainQueue {
    /// True on the process's main thread, the one thread that runs the main queue.
    static var isRunHere: Bool { kiosk_is_main_thread() != 0 }

    /// Readable when work was queued (libdispatch's eventfd for CFRunLoop).
    static let descriptor: Int32 = _dispatch_get_main_queue_handle_4CF()

    /// Runs one batch of the queued work; false when nothing had been queued since the last
    /// call. Reading the eventfd first clears it: work the batch queues sets it again.
    @discardableResult
    static func runBatch() -> Bool {
        var count: UInt64 = 0
        guard read(descriptor, &count, 8) == 8 else { return false }
        _dispatch_main_queue_callback_4CF(nil)
        return true
    }

    /// Wakes the loop (an empty block queued) for a model changed on another thread, a
    /// millisecond later: Observation tells of a change before the value is stored, and a
    /// loop woken at once could draw the old value and then hear of the change no more.
    static func wake() {
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(1)) {}
    }
}

/// The main thread's work as one of the poll loop's sources: the main queue when its
/// eventfd is readable, and Foundation's main run loop timers (`Timer.scheduledTimer`) when
/// Foundation is linked, each at its deadline. With neither there is nothing to wake for.
final class MainThreadSource: RunLoopSource {
    private let timers = MainRunLoopTimers.linked

    var pollDescriptors: [pollfd] { [pollfd(fd: MainQueue.descriptor, events: Int16(POLLIN), revents: 0)] }

    func handle(_ ready: [pollfd]) { MainQueue.runBatch() }

    var nextDeadline: Int64? { timers?.nextFireTime }

    func advance(to now: Int64) { timers?.fireDue() }
}

/// Foundation's main run loop, when the process links Foundation (a product that imports
/// it; `kiosk` links FoundationEssentials only and has none): its timers are fired by the
/// kiosk's loop, which sleeps until the next one instead of running `RunLoop.main`.
/// CoreFoundation's calls are looked up by name, so that no KioskUI target links Foundation;
/// they are public CoreFoundation API, exported by libFoundation.so (and by a statically
/// linked product, whose symbols the toolchain's static link exports). Sendable as the
/// addresses it holds are: it is used on the main thread only (`MainThreadSource`).
struct MainRunLoopTimers: @unchecked Sendable {
    private typealias GetMain = @convention(c) () -> OpaquePointer?
    private typealias RunInMode = @convention(c) (OpaquePointer?, Double, UInt8) -> Int32
    private typealias NextTimerFireDate = @convention(c) (OpaquePointer?, OpaquePointer?) -> Double
    private typealias AbsoluteTime = @convention(c) () -> Double

    private let runLoop: OpaquePointer
    private let mode: OpaquePointer?
    private let runInMode: RunInMode
    private let nextTimerFireDate: NextTimerFireDate
    private let absoluteTime: AbsoluteTime

    /// The main run loop's timers, or nil without Foundation.
    static let linked: MainRunLoopTimers? = {
        func symbol<T>(_ name: String, as type: T.Type) -> T? {
            dlsym(nil, name).map { unsafeBitCast($0, to: type) }
        }
        guard let getMain = symbol("CFRunLoopGetMain", as: GetMain.self), let runLoop = getMain(),
              let runInMode = symbol("CFRunLoopRunInMode", as: RunInMode.self),
              let next = symbol("CFRunLoopGetNextTimerFireDate", as: NextTimerFireDate.self),
              let absoluteTime = symbol("CFAbsoluteTimeGetCurrent", as: AbsoluteTime.self),
              let mode = dlsym(nil, "kCFRunLoopDefaultMode") else { return nil }
        return MainRunLoopTimers(runLoop: runLoop, mode: mode.load(as: OpaquePointer?.self), runInMode: runInMode,
                                 nextTimerFireDate: next, absoluteTime: absoluteTime)
    }()

    /// CoreFoundation arms its own timerfd for the next timer; the loop wakes this much
    /// after it, so that a pass finds that timerfd expired (the two clocks' readings differ
    /// by microseconds) and the timer costs one wake-up, not two.
    static let lag: Microseconds = 200

    /// When the next timer fires (CLOCK_MONOTONIC µs, in the past when it is overdue); nil
    /// when none is scheduled.
    var nextFireTime: Microseconds? {
        let date = nextTimerFireDate(runLoop, mode)
        guard date != 0 else { return nil }
        let wait = min((date - absoluteTime()) * 1_000_000, 1e15)
        return MonotonicClock.now() + Microseconds(wait.rounded(.up)) + Self.lag
    }

    /// Fires the timers that are due: one pass of the run loop in its default mode that
    /// does not wait (it may run a main-queue batch too).
    func fireDue() {
        _ = runInMode(mode, 0, 0)
    }
}
