import CKioskShim
import KioskGestures
import Testing
@testable import KioskInput

@Suite struct UInputEncoderTests {
    var encoder = UInputEncoder(transform: TouchTransform(panelWidth: 1280, panelHeight: 800))

    func frame(_ events: (Int, TouchPhase, Double, Double)...) -> TouchFrame {
        TouchFrame(events: events.map {
            TouchEvent(slot: $0.0, phase: $0.1, location: TouchLocation(x: $0.2, y: $0.3), timestamp: 0)
        }, timestamp: 0)
    }

    func abs(_ code: Int32, _ value: Int32) -> UInputEvent { UInputEvent(type: EV_ABS, code: code, value: value) }
    var syn: UInputEvent { UInputEvent(type: EV_SYN, code: SYN_REPORT, value: 0) }

    @Test mutating func downMoveUpIsATypeBContactWithPointerEmulation() {
        #expect(encoder.encode(frame((0, .down, 100, 200))) == [
            abs(ABS_MT_TOOL_TYPE, Int32(MT_TOOL_FINGER)), abs(ABS_MT_TRACKING_ID, 1),
            abs(ABS_MT_POSITION_X, 100), abs(ABS_MT_POSITION_Y, 200),
            UInputEvent(type: EV_KEY, code: BTN_TOUCH, value: 1), abs(ABS_X, 100), abs(ABS_Y, 200), syn,
        ])
        #expect(encoder.encode(frame((0, .move, 110, 205.4))) == [
            abs(ABS_MT_POSITION_X, 110), abs(ABS_MT_POSITION_Y, 205), abs(ABS_X, 110), abs(ABS_Y, 205), syn,
        ])
        #expect(encoder.encode(frame((0, .up, 0, 0))) == [
            abs(ABS_MT_TRACKING_ID, -1), UInputEvent(type: EV_KEY, code: BTN_TOUCH, value: 0), syn,
        ])
    }

    @Test mutating func slotsAreSelectedAndTrackingIDsAreFresh() {
        _ = encoder.encode(frame((0, .down, 1, 1)))
        let second = encoder.encode(frame((3, .down, 2, 2)))
        #expect(Array(second.prefix(3)) == [
            abs(ABS_MT_SLOT, 3), abs(ABS_MT_TOOL_TYPE, Int32(MT_TOOL_FINGER)), abs(ABS_MT_TRACKING_ID, 2),
        ])
        // Pointer emulation keeps following the lowest active slot.
        #expect(second.suffix(3) == [abs(ABS_X, 1), abs(ABS_Y, 1), syn])
    }

    /// libinput reports a contact whose tool becomes a palm as TOUCH_CANCEL.
    @Test mutating func cancelMarksThePalmBeforeLifting() {
        _ = encoder.encode(frame((0, .down, 1, 1)))
        #expect(encoder.encode(frame((0, .cancel, 0, 0))) == [
            abs(ABS_MT_TOOL_TYPE, Int32(MT_TOOL_PALM)), abs(ABS_MT_TRACKING_ID, -1),
            UInputEvent(type: EV_KEY, code: BTN_TOUCH, value: 0), syn,
        ])
    }

    @Test mutating func scriptCoordinatesAreUIAndFollowRotation() {
        encoder.transform.rotation = .quarter
        let events = encoder.encode(frame((0, .down, 100, 280)))
        #expect(events.contains(abs(ABS_MT_POSITION_X, 1000)))
        #expect(events.contains(abs(ABS_MT_POSITION_Y, 100)))
    }

    @Test mutating func positionsAreClampedToTheAxes() {
        let events = encoder.encode(frame((0, .down, -20, 900)))
        #expect(events.contains(abs(ABS_MT_POSITION_X, 0)))
        #expect(events.contains(abs(ABS_MT_POSITION_Y, 799)))
    }

    @Test mutating func inconsistentEventsAreSkipped() {
        #expect(encoder.encode(frame((2, .move, 5, 5), (12, .down, 1, 1))) == [syn])
        _ = encoder.encode(frame((2, .down, 5, 5)))
        #expect(encoder.encode(frame((2, .down, 6, 6))).count == 3)
    }

    @Test mutating func liftAllReleasesWhatIsStillDown() {
        _ = encoder.encode(frame((0, .down, 1, 1), (1, .down, 2, 2)))
        let lift = encoder.liftAll(at: 0)
        #expect(lift.filter { $0 == abs(ABS_MT_TRACKING_ID, -1) }.count == 2)
        #expect(encoder.liftAll(at: 0).isEmpty)
    }

    /// What `kiosk touch` asks uinput for: a direct-touch (INPUT_PROP_DIRECT) type-B device
    /// over the panel, able to send every event the encoder writes.
    @Test mutating func theTouchscreenDeclaresWhatTheEncoderWrites() {
        let capabilities = encoder.capabilities(name: "Board panel")
        #expect(capabilities.properties == [UInt16(INPUT_PROP_DIRECT)])
        #expect(capabilities.axes[UInt16(ABS_MT_POSITION_X)] == AbsoluteAxis(minimum: 0, maximum: 1279, resolution: 10))
        #expect(capabilities.axes[UInt16(ABS_MT_SLOT)] == AbsoluteAxis(minimum: 0, maximum: 9))
        #expect(capabilities.setupSteps.last == .device(
            name: "Board panel", InputDeviceIdentity(bustype: UInt16(BUS_VIRTUAL), vendor: 0x4B55, product: 0x0001)))
        var written = encoder.encode(frame((0, .down, 1, 1), (9, .down, 2, 2)))
        written += encoder.encode(frame((0, .move, 5, 5), (9, .cancel, 0, 0)))
        written += encoder.liftAll(at: 0)
        #expect(written.allSatisfy { capabilities.supports(type: $0.type, code: $0.code) })
    }
}
