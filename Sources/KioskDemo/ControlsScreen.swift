import KioskViews

/// The controls a kiosk is set up with, as a coffee machine's service page would use them:
/// switches, a slider, a stepper, a segmented picker, progress, and paged instructions.
struct ControlsScreen: View {
    let navigator: Navigator
    @State private var milkFoam = true
    @State private var eco = false
    @State private var strength = 0.6
    @State private var cups = 2
    @State private var size = 1
    @State private var page = 0

    static let steps: [LocalizedStringKey] = ["Fill the water tank", "Empty the drip tray", "Press Start"]

    var body: some View {
        VStack(spacing: 24) {
            Text("Controls").font(.largeTitle).bold()
            HStack(alignment: .top, spacing: 48) {
                VStack(alignment: .leading, spacing: 20) {
                    Toggle("Milk foam", isOn: $milkFoam)
                    Toggle("Eco mode", isOn: $eco)
                    Slider(value: $strength, in: 0...1) { Text("Strength") }
                        minimumValueLabel: { Image(systemName: "minus") }
                        maximumValueLabel: { Image(systemName: "plus") }
                    Stepper("Cups: \(cups)", value: $cups, in: 1...6)
                    Picker("Size", selection: $size) {
                        Text("Small").tag(0)
                        Text("Medium").tag(1)
                        Text("Large").tag(2)
                    }
                    .pickerStyle(.segmented)
                    ProgressView("Descaling", value: strength)
                }
                .frame(width: 420)
                VStack(spacing: 20) {
                    TabView(selection: $page) {
                        ForEach(0..<3) { step in
                            VStack(spacing: 12) {
                                Text("Step \(step + 1)").font(.title2).bold()
                                Text(Self.steps[step])
                            }
                            .frame(maxWidth: .infinity, maxHeight: .infinity)
                            .background(RoundedRectangle(cornerRadius: 16).fill(Color.white))
                            .tag(step)
                        }
                    }
                    .tabViewStyle(.page)
                    .indexViewStyle(.page(backgroundDisplayMode: .always))
                    .frame(width: 420, height: 220)
                    HStack(spacing: 16) {
                        ProgressView()
                        Text("Heating")
                    }
                }
            }
            Button("Back", role: .cancel) { navigator.go(to: "settings") }
                .id("controls-back")
                .buttonStyle(.borderedProminent)
                .controlSize(.large)
        }
    }
}
