import KioskViews

/// Every button style × role × control size × border shape, idle and pressed: one section
/// per style, a row per role and state, a column per size and shape.
public struct ButtonGallery: View {
    static var styles: [(String, any ButtonStyle)] { [
        ("automatic", AutomaticButtonStyle()), ("bordered", BorderedButtonStyle()),
        ("borderedProminent", BorderedProminentButtonStyle()), ("borderless", BorderlessButtonStyle()),
        ("plain", PlainButtonStyle()), ("link", LinkButtonStyle()),
        ("roundedAndShadow", RoundedAndShadowButtonStyle()), ("roundedAndShadowPro", RoundedAndShadowProButtonStyle()),
    ] }
    static let roles: [ButtonRole?] = [nil, .destructive, .cancel]
    static let shapes: [(String, ButtonBorderShape)] = [
        ("auto", .automatic), ("capsule", .capsule), ("circle", .circle), ("r4", .roundedRectangle(radius: 4)),
    ]

    /// The size the gallery is laid out for: cells wide enough for the largest control
    /// size's label on one line.
    public static let size = Size(width: 2050, height: 4860)

    public init() {}

    public var body: some View {
        VStack(alignment: .leading, spacing: 10) {
            ForEach(Self.styles.indices) { s in
                Text(Self.styles[s].0).bold().font(.title3)
                ForEach(Self.roles.indices) { r in
                    ForEach([false, true]) { pressed in
                        row(style: Self.styles[s].1, role: Self.roles[r], pressed: pressed)
                    }
                }
            }
        }
        .padding(24)
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }

    func row(style: any ButtonStyle, role: ButtonRole?, pressed: Bool) -> some View {
        HStack(spacing: 10) {
            Text((role?.rawValue ?? "none") + (pressed ? " pressed" : ""))
                .font(.caption).foregroundColor(.gray)
                .frame(width: 120, alignment: .leading)
            ForEach(ControlSize.allCases) { size in
                ForEach(Self.shapes.indices) { k in
                    ButtonStylePreview(style, role: role, isPressed: pressed) { Text("Go") }
                        .controlSize(size)
                        .buttonBorderShape(Self.shapes[k].1)
                        .frame(width: 84, height: 84)
                }
            }
        }
    }
}
