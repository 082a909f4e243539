import Testing
import KioskGraphics

@Suite struct RegionTests {
    @Test func unionOfOverlappingRectsCountsPixelsOnce() {
        var region = Region(PixelRect(x: 0, y: 0, width: 10, height: 10))
        region.formUnion(PixelRect(x: 5, y: 5, width: 10, height: 10))
        #expect(region.area == 175)
        #expect(region.bounds == PixelRect(x: 0, y: 0, width: 15, height: 15))
        #expect(region.contains(x: 14, y: 14) && region.contains(x: 0, y: 9))
        #expect(!region.contains(x: 12, y: 2))
        for (i, a) in region.rects.enumerated() {
            for b in region.rects[(i + 1)...] { #expect(a.intersection(b).isEmpty) }
        }
    }

    @Test func unionWithContainedRectChangesNothing() {
        let region = Region(PixelRect(x: 0, y: 0, width: 10, height: 10)).union(PixelRect(x: 2, y: 2, width: 3, height: 3))
        #expect(region.rects == [PixelRect(x: 0, y: 0, width: 10, height: 10)])
    }

    @Test func intersection() {
        let a = Region([PixelRect(x: 0, y: 0, width: 10, height: 10), PixelRect(x: 20, y: 0, width: 10, height: 10)])
        let b = Region(PixelRect(x: 5, y: 5, width: 20, height: 20))
        let both = a.intersection(b)
        #expect(both.area == 25 + 25)
        #expect(both.bounds == PixelRect(x: 5, y: 5, width: 20, height: 5))
        #expect(a.intersection(PixelRect(x: 11, y: 0, width: 8, height: 8)).isEmpty)
    }

    @Test func subtraction() {
        let ring = Region(PixelRect(x: 0, y: 0, width: 10, height: 10)).subtracting(PixelRect(x: 2, y: 2, width: 6, height: 6))
        #expect(ring.area == 64)
        #expect(!ring.contains(x: 5, y: 5) && ring.contains(x: 1, y: 5))
    }

    @Test func aRectangleLessAnotherIsItsBandsOutside() {
        let rect = PixelRect(x: 0, y: 0, width: 10, height: 10)
        let ring = Region(rect, subtracting: PixelRect(x: 2, y: 2, width: 6, height: 6))
        #expect(ring.area == 64 && ring.rects.count == 4)
        #expect(!ring.contains(x: 5, y: 5) && ring.contains(x: 1, y: 5) && ring.contains(x: 9, y: 9))
        let corner = Region(rect, subtracting: PixelRect(x: 5, y: 5, width: 20, height: 20))
        #expect(corner.area == 75 && !corner.contains(x: 7, y: 7) && corner.contains(x: 7, y: 2))
        #expect(Region(rect, subtracting: PixelRect(x: 20, y: 0, width: 5, height: 5)).rects == [rect])
        #expect(Region(rect, subtracting: PixelRect(x: -1, y: -1, width: 12, height: 12)).isEmpty)
    }

    @Test func emptyRectsAreIgnored() {
        var region = Region()
        region.formUnion(PixelRect(x: 3, y: 3, width: 0, height: 5))
        #expect(region.isEmpty && region.bounds.isEmpty)
    }
}
