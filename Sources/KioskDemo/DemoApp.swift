import KioskUI

/// The built-in demo, written as a product engineer would write a kiosk: a home screen with
/// a rich-text title, a counter (+ and − repeat while held, Reset needs a long press) and
/// the button styles, roles, sizes and shapes; a second screen a swipe to the left away.
public enum DemoApp {
    public static func screens(model: CounterModel, navigator: Navigator) -> [Screen] {
        [
            Screen("home", swipeLeft: "settings") { HomeScreen(model: model, navigator: navigator) },
            Screen("settings", swipeRight: "home") { SettingsScreen(navigator: navigator) },
        ]
    }
}

struct HomeScreen: View {
    let model: CounterModel
    let navigator: Navigator

    var body: some View {
        VStack(spacing: 28) {
            Text("Kiosk").bold().font(.largeTitle) + Text("UI").font(.largeTitle).foregroundColor(.accentColor)
                + Text(" — tap, hold, swipe").italic().font(.title3)
            HStack(spacing: 24) {
                Button("−") { model.count -= 1 }
                    .id("minus")
                    .buttonBorderShape(.circle)
                Text("\(model.count)").font(Font(size: 48, weight: .bold))
                    .frame(width: 140)
                Button("+") { model.count += 1 }
                    .id("plus")
                    .buttonBorderShape(.circle)
                Button("Reset", role: .destructive) { model.count = 0 }
                    .id("reset")
                    .buttonStyle(.longPress())
            }
            .buttonStyle(.borderedProminent)
            .buttonRepeatBehavior(.enabled)
            .controlSize(.extraLarge)
            HStack(spacing: 16) {
                Button("Automatic") {}.id("automatic")
                Button("Bordered") {}.id("bordered").buttonStyle(.bordered)
                Button("Prominent") {}.id("prominent").buttonStyle(.borderedProminent)
                Button("Borderless") {}.id("borderless").buttonStyle(.borderless)
                Button("Plain") {}.id("plain").buttonStyle(.plain)
                Button("Link") {}.id("link").buttonStyle(.link)
            }
            .controlSize(.large)
            HStack(spacing: 16) {
                Button("Delete", role: .destructive) {}.id("delete")
                Button("Cancel", role: .cancel) {}.id("cancel")
                Button("Shadow") {}.id("shadow").buttonStyle(.roundedAndShadow)
                Button("Pro", role: .destructive) {}.id("pro").buttonStyle(.roundedAndShadowPro)
                Button("Cancellable") {}.id("cancellable").buttonStyle(.cancellable)
            }
            .buttonStyle(.borderedProminent)
            .controlSize(.large)
            HStack(spacing: 12) {
                ForEach(ControlSize.allCases, content: { size in
                    Button(size.rawValue) {}.id("size-" + size.rawValue).controlSize(size)
                })
            }
            .buttonStyle(.borderedProminent)
            .buttonBorderShape(.capsule)
            .tint(.green)
            Text("Swipe left for settings").foregroundColor(.gray)
        }
    }
}

struct SettingsScreen: View {
    let navigator: Navigator

    var body: some View {
        VStack(spacing: 32) {
            Text("Settings").font(.largeTitle).bold()
            HStack(spacing: 24) {
                Button("Brightness") {}.id("brightness").buttonBorderShape(.roundedRectangle(radius: 4))
                Button("Volume") {}.id("volume").buttonBorderShape(.capsule)
                Button("Service") {}.id("service").disabled(true)
            }
            .buttonStyle(.bordered)
            .controlSize(.large)
            Button("Back", role: .cancel) { navigator.go(to: "home") }
                .id("back")
                .buttonStyle(.borderedProminent)
                .controlSize(.extraLarge)
            Text("Swipe right to go back").foregroundColor(.gray)
        }
    }
}
