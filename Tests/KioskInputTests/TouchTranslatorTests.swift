import KioskGestures
import Testing
@testable import KioskInput

@Suite struct TouchTranslatorTests {
    var translator = TouchTranslator(transform: TouchTransform(panelWidth: 1000, panelHeight: 500))

    func phases(_ frames: [TouchFrame]) -> [[String]] {
        frames.map { $0.events.map { "\($0.slot) \($0.phase.rawValue) \(Int($0.location.x)),\(Int($0.location.y))" } }
    }

    @Test mutating func batchesEventsPerHardwareFrameInUICoordinates() {
        let frames = translator.frames([
            .touch(device: 1, slot: 0, phase: .down, x: 0.1, y: 0.2, time: 1000),
            .touch(device: 1, slot: 1, phase: .down, x: 0.5, y: 0.5, time: 1000),
            .touchFrame(device: 1, time: 1000),
            .touch(device: 1, slot: 0, phase: .move, x: 0.2, y: 0.2, time: 2000),
            .touchFrame(device: 1, time: 2000),
        ])
        #expect(phases(frames) == [["0 down 100,100", "1 down 500,250"], ["0 move 200,100"]])
        #expect(frames.map(\.timestamp) == [1000, 2000])
    }

    @Test mutating func upAndCancelCarryTheLastLocation() {
        let frames = translator.frames([
            .touch(device: 1, slot: 0, phase: .down, x: 0.1, y: 0.1, time: 0),
            .touch(device: 1, slot: 1, phase: .down, x: 0.9, y: 0.9, time: 0),
            .touchFrame(device: 1, time: 0),
            .touch(device: 1, slot: 0, phase: .move, x: 0.3, y: 0.4, time: 10),
            .touchFrame(device: 1, time: 10),
            .touch(device: 1, slot: 0, phase: .up, x: nil, y: nil, time: 20),
            .touch(device: 1, slot: 1, phase: .cancel, x: nil, y: nil, time: 20),
            .touchFrame(device: 1, time: 20),
        ])
        #expect(phases(frames).last == ["0 up 300,200", "1 cancel 900,450"])
        #expect(translator.activeContactCount == 0)
    }

    @Test mutating func seatSlotsMapToTheLowestFreeUISlot() {
        let frames = translator.frames([
            .touch(device: 1, slot: 4, phase: .down, x: 0, y: 0, time: 0),
            .touchFrame(device: 1, time: 0),
            .touch(device: 2, slot: 7, phase: .down, x: 0, y: 0, time: 5),
            .touchFrame(device: 2, time: 5),
            .touch(device: 1, slot: 4, phase: .up, x: nil, y: nil, time: 9),
            .touchFrame(device: 1, time: 9),
            .touch(device: 2, slot: 2, phase: .down, x: 0, y: 0, time: 12),
            .touchFrame(device: 2, time: 12),
        ])
        #expect(frames.flatMap(\.events).map(\.slot) == [0, 1, 0, 0])
    }

    @Test mutating func contactsBeyondTheSlotCountAreIgnored() {
        var events: [RawInputEvent] = (0..<12).map {
            .touch(device: 1, slot: $0, phase: .down, x: 0.5, y: 0.5, time: 0)
        }
        events.append(.touch(device: 1, slot: 11, phase: .up, x: nil, y: nil, time: 0))
        events.append(.touchFrame(device: 1, time: 0))
        let frames = translator.frames(events)
        #expect(frames.flatMap(\.events).map(\.slot) == Array(0..<10))
    }

    @Test mutating func removingADeviceCancelsItsContactsOnly() {
        _ = translator.frames([
            .touch(device: 1, slot: 0, phase: .down, x: 0.1, y: 0.1, time: 0),
            .touch(device: 2, slot: 1, phase: .down, x: 0.2, y: 0.2, time: 0),
            .touchFrame(device: 1, time: 0),
        ])
        let frames = translator.frames([.deviceRemoved(device: 1, time: 50)])
        #expect(phases(frames) == [["0 cancel 100,50"]])
        #expect(frames.first?.timestamp == 50)
        #expect(translator.activeContactCount == 1)
    }

    /// libinput lifts a removed device's touches with ordinary touch-ups just before
    /// DEVICE_REMOVED; a finger that never left must not become a tap.
    @Test mutating func upsLibinputMakesWhileRemovingBecomeCancels() {
        _ = translator.frames([
            .touch(device: 1, slot: 0, phase: .down, x: 0.5, y: 0.5, time: 0),
            .touchFrame(device: 1, time: 0),
        ])
        let frames = translator.frames([
            .touch(device: 1, slot: 0, phase: .up, x: nil, y: nil, time: 70),
            .touchFrame(device: 1, time: 70),
            .deviceRemoved(device: 1, time: 71),
        ])
        #expect(phases(frames) == [["0 cancel 500,250"]])
    }

    @Test mutating func anUpFollowedByOtherEventsBeforeRemovalStaysAnUp() {
        let frames = translator.frames([
            .touch(device: 1, slot: 0, phase: .down, x: 0.5, y: 0.5, time: 0),
            .touchFrame(device: 1, time: 0),
            .touch(device: 1, slot: 0, phase: .up, x: nil, y: nil, time: 10),
            .touchFrame(device: 1, time: 10),
            .touch(device: 2, slot: 1, phase: .down, x: 0.1, y: 0.1, time: 20),
            .touchFrame(device: 2, time: 20),
            .deviceRemoved(device: 1, time: 30),
        ])
        #expect(phases(frames) == [["0 down 500,250"], ["0 up 500,250"], ["0 down 100,50"]])
    }

    @Test mutating func aMouseIsASingleTouchWhileTheLeftButtonIsDown() {
        let frames = translator.frames([
            .pointerPosition(device: 3, x: 0.1, y: 0.2, time: 0),
            .pointerMotion(device: 3, dx: 10, dy: 0, time: 1),
            .pointerButton(device: 3, pressed: true, time: 2),
            .pointerMotion(device: 3, dx: 5, dy: 5, time: 3),
            .pointerButton(device: 3, pressed: false, time: 4),
            .pointerMotion(device: 3, dx: 5, dy: 5, time: 5),
        ])
        #expect(phases(frames) == [["0 down 110,100"], ["0 move 115,105"], ["0 up 115,105"]])
    }

    @Test mutating func mouseMotionStaysOnThePanel() {
        let frames = translator.frames([
            .pointerButton(device: 3, pressed: true, time: 0),
            .pointerMotion(device: 3, dx: -5000, dy: 5000, time: 1),
        ])
        #expect(phases(frames) == [["0 down 500,250"], ["0 move 0,499"]])
    }

    @Test mutating func mouseFollowsRotation() {
        translator.transform.rotation = .quarter
        let frames = translator.frames([
            .pointerPosition(device: 3, x: 0.9, y: 0.1, time: 0),
            .pointerButton(device: 3, pressed: true, time: 1),
        ])
        #expect(phases(frames) == [["0 down 50,100"]])
    }

    @Test mutating func removingAMouseWithTheButtonDownCancels() {
        _ = translator.frames([.pointerButton(device: 3, pressed: true, time: 0)])
        let frames = translator.frames([.deviceRemoved(device: 3, time: 9)])
        #expect(phases(frames) == [["0 cancel 500,250"]])
    }
}

extension TouchTranslator {
    /// The touch frames of a translated batch.
    mutating func frames(_ events: [RawInputEvent]) -> [TouchFrame] { translate(events).compactMap(\.frame) }
}

@Suite struct KeyTranslationTests {
    @Test func keysComeOutInPlaceAmongTheTouchFrames() {
        var translator = TouchTranslator(transform: TouchTransform(panelWidth: 1000, panelHeight: 500))
        let events = translator.translate([
            .key(device: 2, code: 15, pressed: true, time: 500),
            .touch(device: 1, slot: 0, phase: .down, x: 0.1, y: 0.2, time: 1000),
            .key(device: 2, code: 15, pressed: false, time: 1000),
            .touchFrame(device: 1, time: 1000),
            .key(device: 2, code: 28, pressed: true, time: 2000),
        ])
        #expect(events.map(\.timestamp) == [500, 1000, 1000, 2000])
        #expect(events.compactMap(\.key) == [
            KeyEvent(.tab, isPressed: true, timestamp: 500), KeyEvent(.tab, isPressed: false, timestamp: 1000),
            KeyEvent(.enter, isPressed: true, timestamp: 2000),
        ])
        // The release came before the frame's end, so it comes out before the frame.
        #expect(events[1].key != nil && events[2].frame?.events.map(\.phase) == [.down])
        #expect(KeyEvent(code: 28, isPressed: true, timestamp: 0).key == .enter)
        #expect(KeyEvent(code: 30, isPressed: true, timestamp: 0).key == .a)
        #expect(KeyEvent(code: 59, isPressed: true, timestamp: 0).key == nil)
    }
}
