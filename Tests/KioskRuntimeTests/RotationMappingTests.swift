import KioskDisplay
import KioskGestures
import KioskGraphics
import KioskInput
import Testing

/// Drawing and touch must turn alike: a finger on the panel lands, in UI coordinates, on
/// the UI pixel drawn under it.
@Suite("Rotation: drawing and touch agree")
struct RotationMappingTests {
    static let rotations = ScreenRotation.allCases

    @Test(arguments: rotations)
    func aUIRectangleLandsWhereTouchMapsItsCorners(_ rotation: ScreenRotation) {
        let ui = Size(width: 200, height: 120)
        let panel = rotation.swapsAxes ? (w: 120.0, h: 200.0) : (w: 200.0, h: 120.0)
        let transform = TouchTransform(panelWidth: panel.w, panelHeight: panel.h, rotation: rotation)
        let rect = PixelRect(x: 30, y: 10, width: 50, height: 20)
        let onPanel = Canvas.panelRect(rect, uiSize: ui, quarterTurns: rotation.quarterTurns)
        #expect(onPanel.area == rect.area)
        // Each UI pixel centre inside the rect maps (UI -> panel) into the panel rect, and back.
        for (x, y) in [(30.5, 10.5), (79.5, 10.5), (30.5, 29.5), (79.5, 29.5), (55.5, 20.5)] {
            let p = transform.panelLocation(TouchLocation(x: x, y: y))
            #expect(Double(onPanel.x) <= p.x && p.x < Double(onPanel.maxX) && Double(onPanel.y) <= p.y && p.y < Double(onPanel.maxY),
                    "\(rotation): UI (\(x), \(y)) -> panel \(p) outside \(onPanel)")
            let back = transform.uiLocation(panelX: p.x, panelY: p.y)
            #expect(abs(back.x - x) < 1e-9 && abs(back.y - y) < 1e-9)
        }
    }

    @Test(arguments: rotations)
    func aTouchOnTheDrawnPixelHitsIt(_ rotation: ScreenRotation) throws {
        let display = try HeadlessDisplay(width: 40, height: 24, rotation: rotation)
        let marked = PixelRect(x: 5, y: 3, width: 1, height: 1)
        display.canvas.fill(display.canvas.bounds, color: .black)
        display.canvas.fill(marked, color: .white)
        display.present(damage: Region(display.canvas.bounds))
        // Find the one white panel pixel and touch its centre.
        var hit: (Int, Int)?
        for y in 0..<display.frame.height {
            for x in 0..<display.frame.width where display.frame.argb(x: x, y: y) == 0xFFFF_FFFF { hit = (x, y) }
        }
        let (px, py) = try #require(hit)
        let transform = TouchTransform(panelWidth: Double(display.frame.width), panelHeight: Double(display.frame.height),
                                       rotation: rotation)
        let touched = transform.uiLocation(panelX: Double(px) + 0.5, panelY: Double(py) + 0.5)
        #expect(Int(touched.x) == marked.x && Int(touched.y) == marked.y, "\(rotation): touched \(touched)")
    }
}
