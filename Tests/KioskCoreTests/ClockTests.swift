import KioskCore
import Testing

@Suite struct ClockTests {
    @Test func manualClockMovesOnlyWhenTold() {
        let clock = ManualClock(1_000)
        #expect(clock.now() == 1_000)
        clock.advance(by: 500)
        #expect(clock.now() == 1_500)
        clock.advance(to: 10_000)
        #expect(clock.now() == 10_000)
    }

    @Test func manualClockNeverGoesBack() {
        let clock = ManualClock(5_000)
        clock.advance(to: 4_000)
        clock.advance(by: -100)
        #expect(clock.now() == 5_000)
    }

    @Test func manualClockHoldsAtTheEndOfTime() {
        let clock = ManualClock(.max - 10)
        clock.advance(by: 100)
        #expect(clock.now() == .max)
    }

    @Test func monotonicClockDoesNotGoBack() {
        let clock: any Clock = MonotonicClock()
        let first = clock.now()
        #expect(clock.now() >= first)
        #expect(first > 0)
    }

    @Test func millisecondsText() {
        #expect(Microseconds(600_000).millisecondsText == "600")
        #expect(Microseconds(600_500).millisecondsText == "600.5")
    }
}
