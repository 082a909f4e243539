import CKioskShim
#if canImport(Glibc)
import Glibc
#endif

/// The headphone jacks the kernel reports as a switch (SW_HEADPHONE_INSERT on an evdev
/// node, e.g. "HDA Intel PCH Headphone"), read directly: libinput does not deliver them (it
/// handles lid and tablet-mode switches only), and one switch needs no libevdev: two ioctls
/// give the capability and the state, and the changes are plain `input_event` records.
public final class HeadphoneJacks {
    private struct Jack {
        var node: String
        var fd: Int32
        var isPluggedIn: Bool
    }

    private var jacks: [Jack]

    /// The evdev nodes in `directory` (event0, event1 …) that have a headphone switch,
    /// opened with their state now. Nodes that cannot be opened are skipped.
    public init(directory: String = "/dev/input") {
        jacks = []
        guard let dir = opendir(directory) else { return }
        defer { closedir(dir) }
        var nodes: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix("event") { nodes.append(directory + "/" + name) }
        }
        for node in nodes.sorted() {
            let fd = open(node, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else { continue }
            if Self.hasHeadphoneSwitch(fd), let state = Self.isPluggedIn(fd) {
                jacks.append(Jack(node: node, fd: fd, isPluggedIn: state))
            } else {
                close(fd)
            }
        }
    }

    deinit {
        for jack in jacks { close(jack.fd) }
    }

    /// The jacks' nodes, e.g. /dev/input/event5.
    public var nodes: [String] { jacks.map(\.node) }

    /// The descriptors to poll for changes.
    public var fileDescriptors: [Int32] { jacks.map(\.fd) }

    /// True when headphones are in any jack.
    public var isPluggedIn: Bool { jacks.contains { $0.isPluggedIn } }

    /// Reads what `fd` has to say and returns the new `isPluggedIn`. A jack that vanished
    /// (its device removed) or fails is closed and dropped.
    public func read(_ fd: Int32) -> Bool {
        guard let index = jacks.firstIndex(where: { $0.fd == fd }) else { return isPluggedIn }
        var buffer = [UInt8](repeating: 0, count: HeadphoneSwitchEvent.recordSize * 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 && errno == EAGAIN { break }
            guard count > 0 else {
                close(fd)
                jacks.remove(at: index)
                break
            }
            let events = buffer.withUnsafeBytes { HeadphoneSwitchEvent.parse(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            for event in events {
                switch event {
                case .plugged(let state): jacks[index].isPluggedIn = state
                case .dropped: jacks[index].isPluggedIn = Self.isPluggedIn(fd) ?? jacks[index].isPluggedIn
                }
            }
        }
        return isPluggedIn
    }

    private static func hasHeadphoneSwitch(_ fd: Int32) -> Bool {
        var bits = [UInt8](repeating: 0, count: Int(SW_MAX) / 8 + 1)
        guard kiosk_evdev_get_code_bits(fd, EV_SW, &bits, bits.count) >= 0 else { return false }
        return bit(Int(SW_HEADPHONE_INSERT), of: bits)
    }

    /// The switch's state now; nil when the device cannot say.
    private static func isPluggedIn(_ fd: Int32) -> Bool? {
        var bits = [UInt8](repeating: 0, count: Int(SW_MAX) / 8 + 1)
        guard kiosk_evdev_get_switch_states(fd, &bits, bits.count) >= 0 else { return nil }
        return bit(Int(SW_HEADPHONE_INSERT), of: bits)
    }

    private static func bit(_ index: Int, of bits: [UInt8]) -> Bool {
        bits[index / 8] & (1 << (index % 8)) != 0
    }
}
