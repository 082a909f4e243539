import Testing
import KioskTestSupport
@testable import KioskViews

/// Reference images of the SwiftUI looks, reviewed by eye: gradients and corner styles,
/// effects and blend modes, symbols and labels.
@MainActor
@Suite("Look reference images")
struct LookReferenceTests {
    func check<V: View>(_ view: V, width: Int, height: Int, named name: String) throws {
        let host = UIHost(size: Size(width: Double(width), height: Double(height)), background: .white,
                          textEngine: textEngine) { view }
        let canvas = try Canvas(width: width, height: height)
        host.render(into: canvas)
        try GoldenImage.check(canvas, named: name)
    }

    /// Top row: linear, radial and angular gradients; bottom row: circular and continuous
    /// corners of radius 40 in black, and a capsule filled by `foregroundStyle`.
    @Test func gradientsAndCorners() throws {
        try check(VStack(spacing: 20) {
            HStack(spacing: 20) {
                Rectangle().fill(LinearGradient(colors: [.blue, .green, .pink], startPoint: .top, endPoint: .bottom))
                RadialGradient(colors: [.yellow, .orange, .red, .pink], center: .center, startRadius: 10, endRadius: 90)
                Circle().fill(AngularGradient(colors: [.red, .yellow, .green, .blue, .purple, .red], center: .center))
            }
            HStack(spacing: 20) {
                RoundedRectangle(cornerRadius: 40).fill(.black)
                RoundedRectangle(cornerRadius: 40, style: .continuous).fill(.black)
                Capsule().foregroundStyle(.linearGradient(colors: [.purple, .pink], startPoint: .leading, endPoint: .trailing))
            }
        }.padding(20), width: 620, height: 420, named: "looks-gradients")
    }

    /// Top row: a bar turned 30°, a square scaled to 60% about its top-leading corner and one
    /// squashed to half height, a button moved 20 px right and down by `offset` (its layout
    /// slot outlined), a gradient clipped to a circle. Middle row: corner radius, border,
    /// an overlay badge at the top-trailing corner, three overlapping squares with the
    /// first raised by `zIndex`. Bottom: the sixteen blend modes of pink over a gradient.
    @Test func effects() throws {
        let backdrop = LinearGradient(colors: [.blue, .yellow], startPoint: .leading, endPoint: .trailing)
        try check(VStack(spacing: 20) {
            HStack(spacing: 20) {
                Color.orange.frame(width: 100, height: 30).rotationEffect(.degrees(30)).frame(width: 100, height: 100)
                Color.green.scaleEffect(0.6, anchor: .topLeading).frame(width: 100, height: 100).border(Color.gray)
                Color.purple.scaleEffect(x: 1, y: 0.5).frame(width: 100, height: 100).border(Color.gray)
                Button("Moved") {}.buttonStyle(.borderedProminent).offset(x: 20, y: 20).border(Color.gray)
                    .frame(width: 140, height: 100)
                backdrop.clipShape(Circle()).frame(width: 100, height: 100)
            }
            HStack(spacing: 20) {
                backdrop.cornerRadius(24).frame(width: 100, height: 100)
                Color.white.border(Color.red, width: 6).frame(width: 100, height: 100)
                Color.blue.frame(width: 100, height: 100).overlay(alignment: .topTrailing) {
                    Circle().fill(.red).frame(width: 30, height: 30)
                }
                ZStack(alignment: .topLeading) {
                    Color.red.frame(width: 60, height: 60).zIndex(1)
                    Color.green.frame(width: 60, height: 60).padding(.leading, 25).padding(.top, 25)
                    Color.blue.frame(width: 60, height: 60).padding(.leading, 50).padding(.top, 50)
                }
                .frame(width: 110, height: 110)
            }
            Grid(columns: 8, spacing: 8) {
                ForEach(BlendMode.allCases.indices) { i in
                    backdrop.overlay(Circle().fill(Color.pink).padding(8).blendMode(BlendMode.allCases[i]))
                        .frame(width: 64, height: 64)
                }
            }
        }.padding(20), width: 760, height: 480, named: "looks-effects")
    }

    /// Top row: two overlapping circles at 50% opacity, each faded (the overlap darker), then
    /// as one `compositingGroup()` (one even tint, the overlap invisible); a plate with its
    /// label in a group with a shadow; two separate squares in one shadowed group. Bottom row:
    /// shadows under text, a symbol, a stroked circle, and a red group at half opacity.
    @Test func groupsAndShadows() throws {
        let pair = ZStack {
            Circle().fill(Color.blue).frame(width: 80, height: 80).offset(x: -20)
            Circle().fill(Color.red).frame(width: 80, height: 80).offset(x: 20)
        }.frame(width: 130, height: 100)
        try check(VStack(spacing: 30) {
            HStack(spacing: 30) {
                pair.opacity(0.5)
                pair.compositingGroup().opacity(0.5)
                Text("Plate").font(.title).foregroundColor(.white).padding(16)
                    .background(RoundedRectangle(cornerRadius: 12).fill(Color.blue))
                    .compositingGroup().shadow(color: .black.opacity(0.5), radius: 6, x: 0, y: 4)
                HStack(spacing: 20) {
                    Color.green.frame(width: 40, height: 40)
                    Color.orange.frame(width: 40, height: 40)
                }.compositingGroup().shadow(radius: 4, x: 4, y: 4)
            }
            HStack(spacing: 30) {
                Text("Shadow").font(.largeTitle).shadow(color: .black.opacity(0.6), radius: 3, x: 3, y: 3)
                Image(systemName: "star.fill").font(.largeTitle).foregroundColor(.yellow).shadow(radius: 4, x: 2, y: 2)
                Circle().strokeBorder(Color.purple, lineWidth: 6).frame(width: 70, height: 70).shadow(radius: 5, x: 0, y: 4)
                VStack(spacing: -10) {
                    Color.red.frame(width: 60, height: 40)
                    Text("Half").font(.headline)
                }.compositingGroup().opacity(0.5)
            }
        }.padding(20), width: 720, height: 300, named: "looks-groups")
    }

    static let symbolNames = ["arrow.up", "arrow.down", "arrow.left", "arrow.right", "plus", "minus", "xmark", "checkmark",
                              "trash", "gear", "hare", "tortoise", "folder", "folder.badge.plus", "house", "person",
                              "lock", "bell", "envelope", "phone", "star.fill", "heart.fill", "cart", "magnifyingglass",
                              "play.fill", "pause.fill", "speaker.wave.3", "wifi", "bolt", "sun.max", "moon", "info.circle",
                              "exclamationmark.triangle", "questionmark.circle", "printer", "camera", "photo", "qrcode",
                              "creditcard", "power", "digitalcrown.horizontal.press.fill"]

    /// A grid of symbols (the last, an SF-only name, is the placeholder), then labels in the
    /// three label styles, a symbol button, and a `Button(configuration)` in a red-bordered
    /// primitive style.
    @Test func symbols() throws {
        struct RedBordered: PrimitiveButtonStyle {
            func makeBody(configuration: Configuration) -> some View {
                Button(configuration).border(Color.red)
            }
        }
        try check(VStack(spacing: 20) {
            Grid(columns: 14, spacing: 12) {
                ForEach(Self.symbolNames.indices) { i in
                    Image(systemName: Self.symbolNames[i]).font(.title2)
                }
            }
            HStack(spacing: 24) {
                Label("Add Folder", systemImage: "folder.badge.plus")
                Label("Add Folder", systemImage: "folder.badge.plus").labelStyle(.titleOnly)
                Label("Add Folder", systemImage: "folder.badge.plus").labelStyle(.iconOnly)
                Label("Trash", systemImage: "trash").foregroundColor(.red)
            }
            HStack(spacing: 24) {
                Button("Sign In", systemImage: "arrow.up") {}.buttonStyle(.borderedProminent)
                Button("Sign In", systemImage: "arrow.up") {}.buttonStyle(.bordered).labelStyle(.iconOnly)
                Button("Speed up", systemImage: "hare") {}.buttonStyle(RedBordered())
            }
        }.padding(20), width: 640, height: 300, named: "looks-symbols")
    }
}
