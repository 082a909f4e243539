import ArgumentParser
import FoundationEssentials
import Glibc
import KioskCore
import KioskGestures
import KioskInput

/// `kiosk replay`: plays a `libinput record` recording on uinput devices made with the
/// recorded devices' capabilities (axis ranges, slots, resolution, properties, keys), at
/// the recorded timing, so a real touchscreen's quirks reach the running kiosk through
/// evdev, udev and libinput as they did on the device. The whole file is checked before
/// any device is made.
struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play a libinput record recording (YAML) on virtual (uinput) devices in real time."
    )

    @Argument(help: "The recording (*.yml, as `libinput record -o FILE` writes it).")
    var recording: String

    @Option(help: "Milliseconds to wait after the devices appear, so readers can open them.")
    var delay = 300

    @Flag(help: "Check the recording and print the devices and frames it would play; make no device.")
    var dryRun = false

    func validate() throws {
        guard delay >= 0 else { throw ValidationError("--delay must not be negative") }
    }

    func run() throws {
        let parsed = try LibInputRecording(contentsOfFile: recording)
        if dryRun {
            print(describe(parsed), terminator: "")
            return
        }
        let player = try RecordingPlayer(parsed)
        for (device, recorded) in zip(player.devices, parsed.devices) {
            StandardStream.error.write("kiosk replay: \(device.devicePath) \"\(recorded.capabilities.name)\" (recorded as \(recorded.node))\n")
        }
        let start = MonotonicClock.now() + Microseconds(delay) * 1000
        try player.play(from: start)
        player.finish()
        StandardStream.error.write("kiosk replay: \(parsed.timeline.count) frames in \(Double(parsed.duration) / 1_000_000) s\n")
    }

    /// The uinput setup of each device, then each frame with its time and device.
    private func describe(_ parsed: LibInputRecording) -> String {
        var out = ""
        for (index, device) in parsed.devices.enumerated() {
            out += "device \(index) (recorded as \(device.node)):\n"
            for step in device.capabilities.setupSteps {
                out += "  \(step)\n"
            }
        }
        for frame in parsed.timeline {
            let events = frame.events.map(\.description).joined(separator: " ")
            out += "\(String(cFormat: "%.6f", Double(frame.time) / 1_000_000)) device \(frame.device): \(events)\n"
        }
        return out
    }
}
