import KioskCore
import KioskGestures
import Testing
@testable import KioskInput

@Suite struct ScriptInputSourceTests {
    let script = try! TouchScript(parsing: """
        0   down 0 10 20
        15  move 0 12 20
        15  down 1 50 50
        30  up 0
        30  cancel 1
        40  end
        """)

    /// Reads what is due at each of the source's own times, as the run loop does, on `clock`.
    func play(_ source: ScriptInputSource, on clock: ManualClock) -> [InputEvent] {
        var events: [InputEvent] = []
        while let due = source.nextEventTime {
            #expect(due >= clock.now())
            clock.advance(to: due)
            let read = source.readEvents()
            #expect(!read.isEmpty && read.allSatisfy { $0.timestamp <= clock.now() })
            events += read
        }
        return events
    }

    @Test func playsFramesAtTheirTimesOnTheLoopsClock() throws {
        let clock = ManualClock(5_000_000)
        let source = ScriptInputSource(script, clock: clock)
        #expect(source.start == 5_000_000 && source.scriptStart == 5_000_000 && source.fileDescriptor == -1)
        let frames = play(source, on: clock).compactMap(\.frame)
        #expect(source.isFinished && source.nextEventTime == nil)
        #expect(frames.map(\.timestamp) == [0, 15_000, 30_000].map { source.start + $0 })
        #expect(frames.flatMap(\.events).map(\.phase) == [.down, .move, .down, .up, .cancel])
        #expect(frames[2].events.allSatisfy { $0.timestamp == source.start + 30_000 })
        #expect(frames[2].events.map(\.location) == [TouchLocation(x: 12, y: 20), TouchLocation(x: 50, y: 50)])
        #expect(source.readEvents().isEmpty)
    }

    @Test func nothingIsDueBeforeTheStart() throws {
        let clock = ManualClock(1_000_000)
        let source = ScriptInputSource(script, start: 11_000_000, clock: clock)
        #expect(source.nextEventTime == 11_000_000)
        clock.advance(to: 10_999_999)
        #expect(source.readEvents().isEmpty)
        #expect(!source.isFinished)
    }

    @Test func playsKeysInTimeOrderAmongTheFrames() throws {
        let clock = ManualClock()
        let source = ScriptInputSource(try TouchScript(parsing: "0 key tab\n10 down 0 1 1\n10 key enter\n20 up 0\n"), clock: clock)
        let events = play(source, on: clock)
        #expect(events.map { $0.timestamp - source.start } == [0, 0, 10_000, 10_000, 10_000, 20_000])
        #expect(events.compactMap(\.key).map(\.key) == [.tab, .tab, .enter, .enter])
        #expect(events[2].frame != nil && events[5].frame != nil)
    }
}
