@testable import KioskDisplay
import Testing

@Suite("Hotplug uevents")
struct HotplugMessageTests {
    func message(_ fields: [String]) -> ArraySlice<UInt8> {
        ArraySlice(fields.flatMap { Array($0.utf8) + [0] })
    }

    @Test func aConnectorChangeOfACardIsAHotplug() {
        #expect(HotplugMonitor.isDRMChange(message([
            "change@/devices/pci0000:00/0000:00:02.0/drm/card0", "ACTION=change",
            "DEVPATH=/devices/pci0000:00/0000:00:02.0/drm/card0", "SUBSYSTEM=drm", "HOTPLUG=1", "DEVNAME=dri/card0",
        ])))
    }

    @Test func otherSubsystemsAreNot() {
        #expect(!HotplugMonitor.isDRMChange(message([
            "add@/devices/virtual/input/input7", "ACTION=add", "SUBSYSTEM=input", "HOTPLUG=1",
        ])))
        #expect(!HotplugMonitor.isDRMChange(message(["add@/devices/x/drm/card0", "ACTION=add", "SUBSYSTEM=drm"])))
    }
}
