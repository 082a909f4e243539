import Testing
@testable import KioskViews

/// Increased contrast as iOS draws it: the system colours darken to their accessible
/// variants, secondary text darkens, bordered buttons get a border; switched at run time,
/// only what changes is drawn again.
@MainActor
@Suite("Increased contrast")
struct ColorSchemeContrastTests {
    static let size = Size(width: 400, height: 300)

    func rgb(_ color: Color, _ contrast: ColorSchemeContrast) -> UInt32 {
        var environment = EnvironmentValues()
        environment._colorSchemeContrast = contrast
        let c = color.resolved(in: environment)
        return UInt32((c.red * 255).rounded()) << 16 | UInt32((c.green * 255).rounded()) << 8 | UInt32((c.blue * 255).rounded())
    }

    /// The pixel at (x, y) without its alpha.
    func pixel(_ canvas: Canvas, _ x: Double, _ y: Double) -> UInt32 { canvas.argb(x: Int(x), y: Int(y)) & 0xFFFFFF }

    @Test("The system colours draw as iOS's accessible variants; black and white stay")
    func systemColours() {
        #expect(rgb(.red, .standard) == 0xFF3B30 && rgb(.red, .increased) == 0xD70015)
        #expect(rgb(.blue, .standard) == 0x007AFF && rgb(.blue, .increased) == 0x0040DD)
        #expect(rgb(.accentColor, .increased) == 0x0040DD)
        #expect(rgb(.green, .increased) == 0x248A3D && rgb(.gray, .increased) == 0x6C6C70)
        #expect(rgb(.black, .increased) == 0x000000 && rgb(.white, .increased) == 0xFFFFFF)
        #expect(rgb(Color(red: 1, green: 0, blue: 0), .increased) == 0xFF0000, "a colour of the product's own stays")
        var increased = EnvironmentValues()
        increased._colorSchemeContrast = .increased
        #expect(Color.secondary.resolved(in: increased).alpha > Color.secondary.pixelColor.alpha, "secondary text darkens")
        #expect(Color.red.opacity(0.5).resolved(in: increased).alpha == 0.5, "opacity applies to both variants")
        #expect(EnvironmentValues().colorSchemeContrast == .standard)
    }

    /// A destructive prominent button beside a black label, rendered; returns the host,
    /// the canvas and the button's frame.
    func destructive(_ contrast: ColorSchemeContrast) throws -> (UIHost, Canvas, Rect) {
        let host = UIHost(size: Self.size, textEngine: textEngine) {
            VStack(spacing: 40) {
                Text("Order 42").foregroundColor(.black)
                Button("Delete", role: .destructive) {}.id("delete").buttonStyle(.borderedProminent)
            }
        }
        host.colorSchemeContrast = contrast
        let canvas = try Canvas(width: 400, height: 300)
        host.render(into: canvas)
        return (host, canvas, try #require(host.frame(ofButton: "delete")))
    }

    @Test("A destructive button's plate darkens from systemRed to its accessible red")
    func destructiveButton() throws {
        let (_, standard, frame) = try destructive(.standard)
        let (_, increased, _) = try destructive(.increased)
        #expect(pixel(standard, frame.minX + 4, frame.center.y) == 0xFF3B30)
        #expect(pixel(increased, frame.minX + 4, frame.center.y) == 0xD70015)
    }

    @Test("Switched at run time, only the button is drawn again; the result is a fresh start's")
    func runtimeSwitch() throws {
        let (host, canvas, frame) = try destructive(.standard)
        let root = try #require(host.rootNode)
        let label = try #require(allNodes(root).compactMap { $0 as? TextNode }.first).frame
        #expect(!host.needsFrame)
        host.colorSchemeContrast = .increased
        #expect(host.colorSchemeContrast == .increased)
        #expect(host.needsFrame)
        let damage = host.render(into: canvas)
        #expect(damage.contains(x: Int(frame.center.x), y: Int(frame.center.y)))
        #expect(!damage.contains(x: Int(label.center.x), y: Int(label.center.y)), "the black label is the same: \(damage)")
        let (_, fresh, _) = try destructive(.increased)
        #expect(differingPixels(canvas, fresh) == 0)
        host.colorSchemeContrast = .increased
        #expect(!host.needsFrame, "setting the same contrast again changes nothing")
    }

    /// A bordered button on a plain screen at `contrast`: its frame and the canvas.
    func bordered(_ contrast: ColorSchemeContrast) throws -> (Canvas, Rect) {
        let host = UIHost(size: Self.size, textEngine: textEngine) {
            Button("Cancel") {}.id("cancel").buttonStyle(.bordered).colorSchemeContrast(contrast)
        }
        let canvas = try Canvas(width: 400, height: 300)
        host.render(into: canvas)
        return (canvas, try #require(host.frame(ofButton: "cancel")))
    }

    @Test("A bordered button gets a border in its darker tint; its size stays")
    func borderedBorder() throws {
        let (standard, frame) = try bordered(.standard)
        let (increased, increasedFrame) = try bordered(.increased)
        #expect(frame == increasedFrame)
        let edge = (frame.center.x, frame.minY + 0.5)
        #expect(pixel(increased, edge.0, edge.1) == 0x0040DD, "the border is the accessible blue")
        #expect(pixel(standard, edge.0, edge.1) != 0x0040DD && pixel(standard, edge.0, edge.1) != 0x007AFF, "no border at standard contrast")
        #expect(pixel(increased, frame.center.x, frame.minY + 5) != 0x0040DD, "inside the border the plate stays translucent")
    }

    @Test("Gradients and foregroundStyle keep the system colours' variants")
    func stylesKeepVariants() throws {
        let host = UIHost(size: Self.size, textEngine: textEngine) {
            VStack(spacing: 0) {
                LinearGradient(colors: [.red, .red], startPoint: .leading, endPoint: .trailing)
                Rectangle().foregroundStyle(.green)
            }
            .colorSchemeContrast(.increased)
        }
        let canvas = try Canvas(width: 400, height: 300)
        host.render(into: canvas)
        #expect(pixel(canvas, 200, 75) == 0xD70015)
        #expect(pixel(canvas, 200, 225) == 0x248A3D)
        #expect(Text("x").foregroundStyle(.red).runs[0].color == .red)
    }

    @Test("The environment key compiles as SwiftUI's: \\._colorSchemeContrast")
    func environmentKey() throws {
        let host = UIHost(size: Self.size, textEngine: textEngine) {
            Color.red.environment(\._colorSchemeContrast, .increased)
        }
        let canvas = try Canvas(width: 400, height: 300)
        host.render(into: canvas)
        #expect(pixel(canvas, 200, 150) == 0xD70015)
    }
}
