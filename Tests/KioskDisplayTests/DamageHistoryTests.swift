import KioskDisplay
import KioskGraphics
import Testing

@Suite("Damage per buffer age")
struct DamageHistoryTests {
    let screen = PixelRect(x: 0, y: 0, width: 100, height: 50)
    let a = PixelRect(x: 10, y: 10, width: 5, height: 5)
    let b = PixelRect(x: 60, y: 20, width: 10, height: 10)
    let c = PixelRect(x: 0, y: 40, width: 3, height: 3)

    @Test func newBuffersNeedTheWholeScreen() {
        var history = DamageHistory(bufferCount: 2, bounds: screen)
        #expect(history.take(for: 0).area == screen.area)
        #expect(history.take(for: 1).area == screen.area)
        #expect(history.pending(for: 0).isEmpty)
    }

    @Test func aBufferShownTwoFramesAgoGetsTheLastTwoDamages() {
        var history = DamageHistory(bufferCount: 2, bounds: screen)
        _ = history.take(for: 0)
        _ = history.take(for: 1)
        // Frame 1 (damage a) goes to buffer 0, frame 2 (damage b) to buffer 1.
        history.add(Region(a))
        #expect(history.take(for: 0).rects == [a])
        history.add(Region(b))
        let forBuffer1 = history.take(for: 1)
        #expect(forBuffer1.area == a.area + b.area && forBuffer1.contains(x: 10, y: 10) && forBuffer1.contains(x: 60, y: 20))
        // Frame 3 (damage c) goes back to buffer 0: it missed b and c, not a.
        history.add(Region(c))
        let forBuffer0 = history.take(for: 0)
        #expect(forBuffer0.area == b.area + c.area)
        #expect(!forBuffer0.contains(x: 10, y: 10))
    }

    @Test func threeBuffersAccumulateThreeFrames() {
        var history = DamageHistory(bufferCount: 3, bounds: screen)
        for i in 0..<3 { _ = history.take(for: i) }
        history.add(Region(a)); _ = history.take(for: 0)
        history.add(Region(b)); _ = history.take(for: 1)
        history.add(Region(c))
        #expect(history.take(for: 2).area == a.area + b.area + c.area)
    }

    @Test func nothingChangedMeansNothingToCopy() {
        var history = DamageHistory(bufferCount: 2, bounds: screen)
        _ = history.take(for: 0)
        _ = history.take(for: 1)
        history.add(Region())
        history.add(Region(PixelRect(x: 200, y: 200, width: 5, height: 5)))
        #expect(history.pending(for: 0).isEmpty && history.pending(for: 1).isEmpty)
    }

    @Test func theFrontBufferStaysCurrentWhenNothingChanges() {
        var history = DamageHistory(bufferCount: 2, bounds: screen)
        _ = history.take(for: 0)
        _ = history.take(for: 1)
        history.add(Region(a))
        _ = history.take(for: 0)
        // Buffer 0 is on screen and current; buffer 1 still lacks `a`, which alone is no
        // reason to flip.
        history.add(Region())
        #expect(history.isCurrent(0) && !history.isCurrent(1))
        history.add(Region(b))
        #expect(!history.isCurrent(0))
    }

    @Test func damageIsClippedToTheScreen() {
        var history = DamageHistory(bufferCount: 2, bounds: screen)
        _ = history.take(for: 0)
        history.add(Region(PixelRect(x: 90, y: 45, width: 20, height: 20)))
        #expect(history.take(for: 0).rects == [PixelRect(x: 90, y: 45, width: 10, height: 5)])
    }

    @Test func aRefusedFlipGivesItsDamageBack() {
        var history = DamageHistory(bufferCount: 2, bounds: screen)
        _ = history.take(for: 0)
        _ = history.take(for: 1)
        history.add(Region(a))
        let taken = history.take(for: 1)
        history.giveBack(taken, to: 1)
        history.add(Region(b))
        #expect(history.take(for: 1).area == a.area + b.area)
    }

    @Test func invalidatingRedrawsEveryBufferWhole() {
        var history = DamageHistory(bufferCount: 2, bounds: screen)
        _ = history.take(for: 0)
        _ = history.take(for: 1)
        history.invalidateAll()
        #expect(history.pending(for: 0).area == screen.area && history.pending(for: 1).area == screen.area)
    }
}
