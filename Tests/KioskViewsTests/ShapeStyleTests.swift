import Testing
@testable import KioskViews

/// Renders `view` on white into a `width`x`height` canvas.
func rendered<V: View>(_ view: V, width: Int = 120, height: Int = 120, background: Color = .white) throws -> Canvas {
    let host = UIHost(size: Size(width: Double(width), height: Double(height)), background: background,
                      textEngine: textEngine) { view }
    let canvas = try Canvas(width: width, height: height)
    host.render(into: canvas)
    return canvas
}

/// The red, green and blue bytes of a pixel.
func rgb(_ canvas: Canvas, _ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
    let p = canvas.argb(x: x, y: y)
    return (Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF))
}

@MainActor
@Suite("Shape styles")
struct ShapeStyleTests {
    @Test("A linear gradient runs from its start point's colour to its end point's")
    func linear() throws {
        let c = try rendered(Rectangle().fill(LinearGradient(colors: [.red, .blue], startPoint: .top, endPoint: .bottom)))
        #expect(rgb(c, 60, 1).r > 240 && rgb(c, 60, 1).b < 70)
        #expect(rgb(c, 60, 118).b > 240 && rgb(c, 60, 118).r < 20)
        let middle = rgb(c, 60, 60)
        #expect(middle.r > 100 && middle.r < 160, "half way, half red: \(middle)")
    }

    @Test("A radial gradient colours by distance from its centre")
    func radial() throws {
        let c = try rendered(RadialGradient(colors: [.yellow, .purple], center: .center, startRadius: 0, endRadius: 60))
        #expect(rgb(c, 60, 60).g > 190, "yellow in the middle")
        #expect(rgb(c, 1, 1).g < 90, "purple in the corners")
    }

    @Test("An angular gradient turns clockwise from its start angle (0 points to the trailing edge)")
    func angular() throws {
        // A quarter turn each: red at 0° (right), green at 90° (below), blue at 180° (left).
        let gradient = AngularGradient(stops: [.init(color: Color(red: 1, green: 0, blue: 0), location: 0),
                                               .init(color: Color(red: 0, green: 1, blue: 0), location: 0.25),
                                               .init(color: Color(red: 0, green: 0, blue: 1), location: 0.5),
                                               .init(color: Color(red: 0, green: 0, blue: 1), location: 1)],
                                       center: .center)
        let c = try rendered(Rectangle().fill(gradient))
        #expect(rgb(c, 110, 61).r > 200, "red just below the right-hand axis: \(rgb(c, 110, 61))")
        #expect(rgb(c, 60, 110).g > 200, "green straight below: \(rgb(c, 60, 110))")
        #expect(rgb(c, 10, 60).b > 200, "blue to the left: \(rgb(c, 10, 60))")
        #expect(rgb(c, 60, 10).b > 200, "and still blue above (the last colour holds): \(rgb(c, 60, 10))")
    }

    @Test("foregroundStyle fills shapes with a gradient and colours text with its first colour")
    func foregroundStyle() throws {
        let c = try rendered(Rectangle().foregroundStyle(LinearGradient(colors: [.red, .blue], startPoint: .leading,
                                                                          endPoint: .trailing)))
        #expect(rgb(c, 1, 60).r > 240 && rgb(c, 118, 60).b > 240)
        let text = Text("x").foregroundStyle(LinearGradient(colors: [.pink, .blue], startPoint: .top, endPoint: .bottom))
        #expect(text.runs[0].color == .pink)
        let plain = try rendered(Rectangle().foregroundStyle(.orange))
        #expect(rgb(plain, 60, 60) == (0xFF, 0x95, 0x00))
    }

    @Test("stroke centres the line on the shape's edge, half of it outside the frame; strokeBorder keeps it inside")
    func strokeIsCentred() throws {
        // A 60 px frame in the middle of 120 px: its edges are at 30 and 90.
        let stroked = try rendered(Rectangle().stroke(Color.black, lineWidth: 10).frame(width: 60, height: 60))
        let bordered = try rendered(Rectangle().strokeBorder(Color.black, lineWidth: 10).frame(width: 60, height: 60))
        #expect(rgb(stroked, 27, 60) == (0, 0, 0), "outside the frame, on the line's outer half")
        #expect(rgb(stroked, 33, 60) == (0, 0, 0), "inside the frame, on its inner half")
        #expect(rgb(stroked, 37, 60) == (255, 255, 255) && rgb(stroked, 23, 60) == (255, 255, 255))
        #expect(rgb(stroked, 27, 27) == (0, 0, 0), "a rectangle's corner stays sharp")
        #expect(rgb(bordered, 27, 60) == (255, 255, 255) && rgb(bordered, 37, 60) == (0, 0, 0))

        let circle = try rendered(Circle().stroke(Color.black, lineWidth: 10).frame(width: 60, height: 60))
        #expect(rgb(circle, 60, 27) == (0, 0, 0) && rgb(circle, 60, 93) == (0, 0, 0), "above and below the frame")
        #expect(rgb(circle, 60, 37) == (255, 255, 255) && rgb(circle, 60, 23) == (255, 255, 255))

        // A rounded corner's line follows the arc: radius 20 grows to 25 outside, shrinks to 15 inside.
        let rounded = try rendered(RoundedRectangle(cornerRadius: 20).stroke(lineWidth: 10).foregroundColor(.black)
            .frame(width: 60, height: 60))
        #expect(rgb(rounded, 60, 27) == (0, 0, 0) && rgb(rounded, 27, 60) == (0, 0, 0))
        #expect(rgb(rounded, 27, 27) == (255, 255, 255), "the grown corner is round, not square")
        let onArc = 50 - Int((20 / 2.0.squareRoot()).rounded())
        #expect(rgb(rounded, onArc, onArc) == (0, 0, 0), "the arc's midpoint lies on the line")
    }

    @Test("A continuous corner bends earlier than a circular one of the same radius, and fills its middle alike")
    func continuousCorners() throws {
        let circular = try rendered(RoundedRectangle(cornerRadius: 30).fill(.black), background: .white)
        let continuous = try rendered(RoundedRectangle(cornerRadius: 30, style: .continuous).fill(.black), background: .white)
        // Along the top edge, 25 px in, the continuous corner has bent further away from the edge…
        #expect(rgb(continuous, 25, 0).r > rgb(circular, 25, 0).r + 60, "\(rgb(continuous, 25, 0)) \(rgb(circular, 25, 0))")
        // …and on the diagonal it is as round as the circle.
        #expect(abs(rgb(continuous, 9, 9).r - rgb(circular, 9, 9).r) < 60, "\(rgb(continuous, 9, 9)) \(rgb(circular, 9, 9))")
        #expect(rgb(continuous, 60, 60).r == 0 && rgb(continuous, 60, 0).r < 10)
    }
}
