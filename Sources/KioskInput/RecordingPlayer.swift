import KioskCore

/// Plays a `LibInputRecording` on uinput devices made with the recorded capabilities, in
/// real time: each frame is written the recorded gap after the one before it.
///
/// At the end the devices are removed as they are: a contact the recording never lifted
/// stays down until its device goes, as when a real touchscreen is unplugged mid-touch.
public final class RecordingPlayer {
    public let recording: LibInputRecording
    /// One device per recorded device, in the recording's order.
    public let devices: [UInputDevice]

    /// Makes every device (all or none: one that fails removes those made before it).
    public init(_ recording: LibInputRecording, udevTimeout: Double = 5) throws {
        self.recording = recording
        var made: [UInputDevice] = []
        for device in recording.devices {
            made.append(try UInputDevice(device.capabilities, udevTimeout: udevTimeout))
        }
        devices = made
    }

    /// Writes the first frame at `start` (a `MonotonicClock` time) and each next one its
    /// recorded gap after the one before. Gaps, not absolute times: when the writer is late
    /// (a loaded machine), the frames after it are shifted rather than sent in a burst, so
    /// a held press is never shortened into a tap.
    public func play(from start: Microseconds) throws {
        var previous: (recorded: Microseconds, written: Microseconds)?
        for frame in recording.timeline {
            let due = previous.map { $0.written + frame.time - $0.recorded } ?? start
            MonotonicClock.sleep(until: due)
            let written = max(due, MonotonicClock.now())
            try devices[frame.device].write(frame.events)
            previous = (frame.time, written)
        }
    }

    /// Removes the devices after `linger` seconds. The wait keeps a reader from getting the
    /// last frames and the removal in one batch, where a recorded lift could not be told
    /// from the lift libinput makes up for a removed device (`TouchTranslator` cancels those).
    public func finish(linger: Double = 0.5) {
        MonotonicClock.sleep(until: MonotonicClock.now() + Microseconds(linger * 1_000_000))
        for device in devices {
            device.close()
        }
    }
}
