import KioskGestures
import Testing
#if canImport(Glibc)
import Glibc
#endif
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

    func readable(_ fd: Int32, within milliseconds: Int32) -> Bool {
        var pollfd = Glibc.pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&pollfd, 1, milliseconds) == 1
    }

    @Test func playsFramesAtTheirTimesThroughItsFileDescriptor() throws {
        let source = try ScriptInputSource(script)
        var frames: [TouchFrame] = []
        while !source.isFinished {
            #expect(readable(source.fileDescriptor, within: 2000))
            let due = try source.readEvents()
            let now = MonotonicClock.now()
            #expect(due.allSatisfy { $0.timestamp <= now })
            frames += due.compactMap(\.frame)
        }
        #expect(frames.map(\.timestamp) == [0, 15_000, 30_000].map { source.start + $0 })
        #expect(frames.flatMap(\.events).map(\.phase) == [.down, .move, .down, .up, .cancel])
        #expect(frames[2].events.allSatisfy { $0.timestamp == source.start + 30_000 })
        #expect(frames[2].events.map(\.location) == [TouchLocation(x: 12, y: 20), TouchLocation(x: 50, y: 50)])
        #expect(!readable(source.fileDescriptor, within: 0))
    }

    @Test func nothingIsDueBeforeTheStart() throws {
        let source = try ScriptInputSource(script, start: MonotonicClock.now() + 10_000_000)
        #expect(!readable(source.fileDescriptor, within: 20))
        #expect(try source.readEvents().isEmpty)
        #expect(!source.isFinished)
    }

    @Test func playsKeysInTimeOrderAmongTheFrames() throws {
        let source = try ScriptInputSource(try TouchScript(parsing: "0 key tab\n10 down 0 1 1\n10 key enter\n20 up 0\n"))
        var events: [InputEvent] = []
        while !source.isFinished {
            #expect(readable(source.fileDescriptor, within: 2000))
            events += try source.readEvents()
        }
        #expect(events.map { $0.timestamp - source.start } == [0, 0, 10_000, 10_000, 10_000, 20_000])
        #expect(events.compactMap(\.key).map(\.key) == [.tab, .tab, .enter, .enter])
        #expect(events[2].frame != nil && events[5].frame != nil)
    }
}
