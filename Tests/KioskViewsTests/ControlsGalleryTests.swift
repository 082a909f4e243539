import Testing
import KioskTestSupport
@testable import KioskViews

/// Every control in each of its states, side by side: reviewed by eye.
struct ControlsGallery: View {
    var body: some View {
        HStack(alignment: .top, spacing: 40) {
            VStack(alignment: .leading, spacing: 16) {
                Toggle("Off", isOn: .constant(false))
                Toggle("On", isOn: .constant(true))
                Toggle("Orange tint", isOn: .constant(true)).tint(.orange)
                Toggle("Disabled", isOn: .constant(true)).disabled(true)
                Toggle("Button style", isOn: .constant(true)).toggleStyle(.button)
                Slider(value: .constant(0.0))
                Slider(value: .constant(0.5)) { Text("Volume") } minimumValueLabel: { Text("0") } maximumValueLabel: { Text("10") }
                Slider(value: .constant(1.0))
                Slider(value: .constant(0.3)).disabled(true)
            }
            .frame(width: 360)
            VStack(alignment: .leading, spacing: 16) {
                Stepper("At 0", value: .constant(0), in: 0...10)
                Stepper("At 5", value: .constant(5), in: 0...10)
                Stepper("At 10", value: .constant(10), in: 0...10)
                Stepper("Disabled", value: .constant(5), in: 0...10).disabled(true)
                ProgressView(value: 0.0)
                ProgressView("Downloading", value: 0.4)
                ProgressView(value: 1.0)
                HStack(spacing: 30) {
                    ProgressView()
                    ProgressView("Loading")
                    ProgressView().controlSize(.large)
                }
            }
            .frame(width: 360)
            VStack(alignment: .leading, spacing: 16) {
                Picker("Size", selection: .constant(1)) {
                    Text("Small").tag(0)
                    Text("Medium").tag(1)
                    Text("Large").tag(2)
                }
                .pickerStyle(.segmented)
                Picker("Size", selection: .constant("b")) {
                    Text("A").tag("a")
                    Text("B").tag("b")
                }
                .disabled(true)
                TabView {
                    Color.blue
                    Color.green
                    Color.orange
                }
                .tabViewStyle(.page)
                .indexViewStyle(.page(backgroundDisplayMode: .always))
                .frame(height: 160)
                DisclosureGroup("Collapsed") { Text("Hidden") }
                DisclosureGroup("Expanded", isExpanded: .constant(true)) { Text("Shown under its label") }
            }
            .frame(width: 360)
        }
        .padding(30)
    }
}

@Observable private final class SwitchModel {
    var isOn = false
}

@MainActor
@Suite("Controls reference images")
struct ControlsGalleryTests {
    func render<V: View>(_ view: V, height: Int = 520, at ms: Int64 = 0, frames: [TouchFrame] = []) throws -> Canvas {
        let host = UIHost(size: Size(width: 1240, height: Double(height)), background: UIHost.defaultBackground,
                          textEngine: textEngine) { view }
        let canvas = try Canvas(width: 1240, height: height)
        host.render(into: canvas)
        _ = host.run(frames, until: ms)
        host.render(into: canvas)
        return canvas
    }

    /// Left: switches off, on, tinted, disabled and as a button; sliders at min, mid (with
    /// labels), max and disabled. Middle: steppers at the range's ends (an end disabled),
    /// mid and disabled; progress bars at 0, 40 % and 100 %; spinners. Right: segmented
    /// pickers (one disabled), a paged tab view with its dots, disclosure groups collapsed
    /// and expanded.
    @Test func gallery() throws {
        try GoldenImage.check(try render(ControlsGallery()), named: "controls-gallery")
    }

    /// Pressed and mid-way: a stepper's + held (its segment darkened), a slider's thumb
    /// held, a switch 100 ms into its slide, and the spinner a quarter turn on.
    @Test func pressedAndMoving() throws {
        let model = SwitchModel()
        let isOn = Binding(get: { model.isOn }, set: { model.isOn = $0 })
        let view = VStack(spacing: 20) {
            Stepper("Held", value: .constant(5), in: 0...10)
            Slider(value: .constant(0.3))
            Toggle("Switching", isOn: isOn)
            ProgressView()
        }
        .frame(width: 300)
        let host = UIHost(size: Size(width: 400, height: 300), textEngine: textEngine) { view }
        let canvas = try Canvas(width: 400, height: 300)
        host.render(into: canvas)
        let plus = try #require(host.accessibilityElements.first { $0.label == "Held" }).frame
        let slider = try #require(host.accessibilityElements.first { $0.traits.contains(.isAdjustable) && $0.label.isEmpty }).frame
        let toggle = try #require(host.accessibilityElements.first { $0.label == "Switching" }).frame
        _ = host.run([touch(.down, toggle.minX + 10, toggle.minY + toggle.height / 2, at: 100, slot: 2),
                      touch(.up, toggle.minX + 10, toggle.minY + toggle.height / 2, at: 150, slot: 2)], until: 150)
        host.render(into: canvas)
        _ = host.run([touch(.down, plus.maxX - 20, plus.minY + plus.height / 2, at: 160),
                      touch(.down, slider.minX + 14 + 0.3 * (slider.width - 28), slider.minY + slider.height / 2, at: 160, slot: 1)],
                     until: 250)
        host.render(into: canvas)
        try GoldenImage.check(canvas, named: "controls-pressed")
    }

    /// The same at increased contrast: darker greens, blues and greys.
    @Test func increasedContrast() throws {
        try GoldenImage.check(try render(ControlsGallery().colorSchemeContrast(.increased)), named: "controls-gallery-increased-contrast")
    }

    /// Right to left: labels on the right, switches on when the knob is left, tracks
    /// filling from the right, the stepper and segments mirrored, the dots from the right.
    @Test func rightToLeft() throws {
        try GoldenImage.check(try render(ControlsGallery().environment(\.layoutDirection, .rightToLeft)),
                              named: "controls-gallery-rtl")
    }

    /// Text fields in each state, not edited: placeholder, text, a secure field's dots, a
    /// text too long for its field, disabled, and the plain style (edited, with the keyboard:
    /// the keyboard goldens); and a button-style toggle off.
    @Test func textFieldsAndButtonToggle() throws {
        let view = VStack(alignment: .leading, spacing: 14) {
            TextField("Name", text: .constant("")).textFieldStyle(.roundedBorder)
            TextField("Name", text: .constant("Ada Lovelace")).textFieldStyle(.roundedBorder)
            SecureField("PIN", text: .constant("4711")).textFieldStyle(.roundedBorder)
            TextField("Note", text: .constant("A note far too long to show whole in a field this wide")).textFieldStyle(.roundedBorder)
            TextField("Disabled", text: .constant("Read only")).textFieldStyle(.roundedBorder).disabled(true)
            TextField("Plain style", text: .constant(""))
            Toggle("Button style, off", isOn: .constant(false)).toggleStyle(.button)
        }
        .frame(width: 320)
        .padding(20)
        let host = UIHost(size: Size(width: 360, height: 400), textEngine: textEngine) { view }
        let canvas = try Canvas(width: 360, height: 400)
        host.render(into: canvas)
        try GoldenImage.check(canvas, named: "controls-text-fields")
    }

    /// Large controls at a larger text size.
    @Test func largeAtLargerText() throws {
        try GoldenImage.check(try render(ControlsGallery().controlSize(.large).dynamicTypeSize(.xxLarge), height: 620),
                              named: "controls-gallery-large")
    }
}
