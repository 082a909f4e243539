import CKioskShim
import Dispatch
import KioskControl
import KioskCore
#if canImport(Glibc)
import Glibc
#endif

/// Writes the control socket's snapshots off the loop: the loop copies the frame (one
/// memcpy), a queue of the encoder's own encodes the PNG and writes the file, and the loop
/// is told when it is done. An encode of a full-HD frame takes tens of milliseconds, which
/// on the loop every touch would wait for. One snapshot at a time (a frame's copy is a few
/// MB); a picture unchanged since the last encode writes the same PNG again.
///
/// Who owns what: the loop owns the encoder and all its state; a job (the copied pixels or
/// the PNG, the file) is a value the queue owns once handed over; the outcome comes back
/// through the mailbox, under its lock, and a byte down the mailbox's pipe wakes the loop,
/// which calls the snapshot's completion on its own thread.
public final class SnapshotEncoder: RunLoopSource {
    /// What `ctl stats` reports of the encoder.
    public struct Load: Equatable, Sendable {
        /// PNG encodes since the kiosk started (a snapshot of an unchanged picture takes none).
        public var encodes = 0
        /// The longest snapshot off the loop (encode and write) since the previous
        /// `takeLoad()`, µs of wall time.
        public var longestJob: Microseconds = 0

        public init() {}
    }

    /// A snapshot that could not be encoded or written, and why.
    private struct Failure: Error {
        let message: String
    }

    /// What a job starts from: the frame's pixels to encode, or the PNG of the same picture.
    private enum Source: Sendable {
        case pixels(FramePixels)
        case encoded([UInt8])
    }

    /// What the queue hands back: the PNG written, or why nothing was, and how long it took.
    private struct Outcome {
        var png: Result<[UInt8], Failure>
        var took: Microseconds
    }

    /// The outcome of the job in flight on its way from the queue to the loop, and a pipe
    /// whose read end (`descriptor`) becomes readable when it is there.
    /// Unchecked Sendable: `outcome` is read and written only with `lock` held; the queue
    /// only writes to the pipe, the loop only reads from it.
    private final class Mailbox: @unchecked Sendable {
        let descriptor: Int32
        private let writeEnd: Int32
        private let lock = Lock()
        private var outcome: Outcome?

        init() throws(SystemError) {
            var ends: [Int32] = [0, 0]
            guard kiosk_pipe_cloexec(&ends) == 0 else { throw SystemError("create the snapshot encoder's pipe") }
            descriptor = ends[0]
            writeEnd = ends[1]
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        }

        deinit {
            close(descriptor)
            close(writeEnd)
        }

        /// On the queue: one job at a time, so the pipe holds at most a byte and never blocks.
        func post(_ outcome: Outcome) {
            lock.withLock { self.outcome = outcome }
            var byte: UInt8 = 1
            _ = Glibc.write(writeEnd, &byte, 1)
        }

        /// On the loop: the outcome posted, if any.
        func take() -> Outcome? {
            var byte: UInt8 = 0
            _ = Glibc.read(descriptor, &byte, 1)
            return lock.withLock {
                defer { outcome = nil }
                return outcome
            }
        }
    }

    /// PNG encodes so far.
    public private(set) var encodes = 0
    private var longestJob: Microseconds = 0
    private let queue = DispatchQueue(label: "kiosk.snapshots")
    private let mailbox: Mailbox
    /// The snapshot in flight: its picture, whether it is encoded afresh, and what to call on
    /// the loop once it is written.
    private var inFlight: (picture: Picture, isEncoded: Bool, done: (ControlError?) -> Void)?
    private var lastEncoded: (picture: Picture, png: [UInt8])?

    /// A picture: the canvas (by its serial) and its generation.
    private struct Picture: Equatable {
        var canvas: Int
        var generation: Int
    }

    public init() throws(SystemError) {
        mailbox = try Mailbox()
    }

    /// A snapshot is in flight; the next waits for it.
    public var isBusy: Bool { inFlight != nil }

    /// Starts writing `frame` as a PNG to `file` (a path `directory.resolve` returned); `done`
    /// is called on the loop, in a later turn, with nil once the file is written or with
    /// what went wrong. Only when not `isBusy`.
    public func write(_ frame: KioskController.Frame, to file: String, in directory: SnapshotDirectory,
                      done: @escaping (ControlError?) -> Void) {
        precondition(!isBusy, "one snapshot at a time")
        let picture = Picture(canvas: frame.canvas.serial, generation: frame.generation)
        let cached = lastEncoded.flatMap { $0.picture == picture ? $0.png : nil }
        let source = cached.map(Source.encoded) ?? .pixels(FramePixels(frame.canvas))
        inFlight = (picture, cached == nil, done)
        queue.async { [mailbox] in
            let start = MonotonicClock.now()
            let written = Result { () throws(Failure) -> [UInt8] in
                let bytes: [UInt8]
                switch source {
                case .encoded(let png):
                    bytes = png
                case .pixels(let pixels):
                    do {
                        bytes = try pixels.pngData()
                    } catch {
                        throw Failure(message: "cannot encode the frame: \(error)")
                    }
                }
                do throws(ControlError) {
                    try directory.write(bytes, to: file)
                } catch {
                    throw Failure(message: error.message)
                }
                return bytes
            }
            mailbox.post(Outcome(png: written, took: MonotonicClock.now() - start))
        }
    }

    /// The encodes so far and the longest snapshot since the previous call.
    public func takeLoad() -> Load {
        defer { longestJob = 0 }
        var load = Load()
        load.encodes = encodes
        load.longestJob = longestJob
        return load
    }

    // MARK: RunLoopSource

    public var pollDescriptors: [pollfd] {
        isBusy ? [pollfd(fd: mailbox.descriptor, events: Int16(POLLIN), revents: 0)] : []
    }

    /// The snapshot in flight is done: its completion is called.
    public func handle(_ ready: [pollfd]) {
        guard let outcome = mailbox.take(), let job = inFlight else { return }
        inFlight = nil
        longestJob = max(longestJob, outcome.took)
        switch outcome.png {
        case .success(let png):
            if job.isEncoded {
                encodes += 1
                lastEncoded = (job.picture, png)
            }
            job.done(nil)
        case .failure(let failure):
            job.done(ControlError(failure.message))
        }
    }

    public var nextDeadline: Int64? { nil }

    public func advance(to now: Int64) {}
}
