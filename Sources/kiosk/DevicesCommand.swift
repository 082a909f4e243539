import ArgumentParser
import FoundationEssentials
import KioskCore
import KioskCommandLine
import KioskGestures
import KioskInput
import KioskRuntime
#if canImport(Glibc)
import Glibc
#endif

/// `kiosk devices`: what a kiosk would use on this machine. Input devices come from
/// libinput (the udev seat, or `--input` nodes) with their capabilities; `--watch` then
/// prints every touch frame and key as a JSON line with its input latency (kernel timestamp to
/// delivery), to check a panel, its `--calibration` or the virtual board by hand.
struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List display cards and connectors, and input devices with their capabilities."
    )

    @OptionGroup(title: "Input")
    var input: InputOptions

    @Flag(help: "After listing, print each touch frame and key as a JSON line until interrupted.")
    var watch = false

    @Option(help: "Stop watching after this many seconds.")
    var duration: Double?

    @Option(help: "The panel size that --watch maps touches to (WxH).")
    var size = PanelSize(width: 1280, height: 800)

    @Option(help: "The display rotation that --watch maps touches with (0, 90, 180, 270).")
    var rotation = 0

    func validate() throws {
        guard ScreenRotation(degrees: rotation) != nil else {
            throw ValidationError("--rotation must be 0, 90, 180 or 270, not \(rotation)")
        }
    }

    func run() throws {
        for line in displayListing() { output(line) }
        let configuration = try input.configuration()
        guard let source = try configuration.makeSource(panelWidth: size.width, panelHeight: size.height,
                                                        rotation: ScreenRotation(degrees: rotation) ?? .none)
        else { return }
        var pending: [InputEvent] = []
        // A device source learns its devices from its first events.
        if source.devices != nil {
            pending = try source.readEvents()
            printInputDevices(source.devices ?? [], origin: configuration.origin)
        }
        if watch {
            try watchTouches(source, pending: pending)
        }
    }

    private func printInputDevices(_ devices: [InputDeviceInfo], origin: InputConfiguration.Origin) {
        let origin = if case .seat(let seat) = origin { "seat \(seat)" } else { "given nodes" }
        output("Input devices (\(origin)):")
        if devices.isEmpty {
            output("  none (is udev running? can this user read /dev/input: root or the 'input' group?)")
        }
        for device in devices {
            var line = "  \(device.node)  \"\(device.name)\"  \(device.capabilities.joined(separator: ","))"
            if let width = device.widthMillimetres, let height = device.heightMillimetres {
                line += "  \(Int(width.rounded()))x\(Int(height.rounded())) mm"
            }
            output(line)
        }
    }

    /// One JSON line per frame or key: the kernel timestamp, the latency to delivery here,
    /// and the touches in UI coordinates or the key's code and state.
    private func watchTouches(_ source: any InputSource, pending: [InputEvent]) throws {
        report(pending)
        let stop = duration.map { MonotonicClock.now() + Microseconds($0 * 1_000_000) }
        var pollfd = Glibc.pollfd(fd: source.fileDescriptor, events: Int16(POLLIN), revents: 0)
        while true {
            var timeout: Int32 = -1
            if let stop {
                let left = stop - MonotonicClock.now()
                if left <= 0 { return }
                timeout = Int32(min(left / 1000 + 1, Microseconds(Int32.max)))
            }
            let ready = poll(&pollfd, 1, timeout)
            if ready < 0 && errno != EINTR {
                throw InputError.errno("poll on the input source")
            }
            guard ready > 0 else { continue }
            report(try source.readEvents())
        }
    }

    private func report(_ events: [InputEvent]) {
        let delivered = MonotonicClock.now()
        for event in events {
            let head = "{\"t_us\":\(event.timestamp),\"latency_us\":\(delivered - event.timestamp),"
            switch event {
            case .touch(let frame):
                let touches = frame.events.map {
                    "{\"slot\":\($0.slot),\"phase\":\"\($0.phase.rawValue)\",\"x\":\($0.location.x),\"y\":\($0.location.y)}"
                }
                output(head + "\"events\":[\(touches.joined(separator: ","))]}")
            case .key(let key):
                output(head + "\"key\":\(key.code),\"pressed\":\(key.isPressed)}")
            }
        }
    }

    /// Unbuffered, so a reader of a pipe or file sees each line as it happens.
    private func output(_ line: String) {
        StandardStream.output.write(line + "\n")
    }
}
