import FoundationEssentials
import Glibc
import KioskViews

/// The built-in demo, written as a product engineer would write a kiosk: a home screen with
/// a rich-text title, a counter (+ and − repeat while held, Reset needs a long press) and
/// the button styles, roles, sizes and shapes (Delete asks first, with a confirmation
/// dialog); settings a swipe to the left away, and from it a screen of controls and, one
/// more swipe to the left, a scrolling menu of drinks (an order is confirmed on a sheet),
/// and one more a service PIN entry on the keypad.
public enum DemoApp {
    public static func screens(model: CounterModel, navigator: Navigator) -> [Screen] {
        [
            Screen("home", swipeLeft: "settings") { HomeScreen(model: model, navigator: navigator).environment(\.stringCatalog, strings) },
            Screen("settings", swipeLeft: "drinks", swipeRight: "home") {
                SettingsScreen(navigator: navigator).environment(\.stringCatalog, strings)
            },
            Screen("controls") { ControlsScreen(navigator: navigator).environment(\.stringCatalog, strings) },
            Screen("drinks", swipeLeft: "pin", swipeRight: "settings") { DrinksScreen(model: model).environment(\.stringCatalog, strings) },
            Screen("pin", swipeRight: "drinks") { PINScreen().environment(\.stringCatalog, strings) },
        ]
    }

    /// The languages the settings screen offers, each named in itself.
    static let languages = [(identifier: "en", name: "English"), (identifier: "de", name: "Deutsch"), (identifier: "ar", name: "العربية")]

    /// The demo's German and Arabic, from Localizable.xcstrings compiled into the binary.
    public static let strings: StringCatalog = {
        let catalog = StringCatalog()
        do {
            try catalog.load(xcstrings: PackageResources.Localizable_xcstrings, name: "KioskDemo/Localizable.xcstrings")
        } catch {
            StringCatalog.printToStandardError("\(error)")
        }
        return catalog
    }()
}

struct HomeScreen: View {
    let model: CounterModel
    let navigator: Navigator
    @State private var confirmingDelete = false

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
                Button("Delete", role: .destructive) { confirmingDelete = true }
                    .id("delete")
                    .confirmationDialog("Delete everything?", isPresented: $confirmingDelete, titleVisibility: .visible) {
                        Button("Delete everything", role: .destructive) { model.count = 0 }.id("delete-everything")
                        Button("Cancel", role: .cancel) {}.id("keep")
                    } message: {
                        Text("The count goes back to 0.")
                    }
                Button("Cancel", role: .cancel) {}.id("cancel")
                Button("Shadow") {}.id("shadow").buttonStyle(RoundedAndShadowButtonStyle())
                Button("Pro", role: .destructive) {}.id("pro").buttonStyle(RoundedAndShadowProButtonStyle())
                Button("Cancellable") {}.id("cancellable").buttonStyle(CancellableButtonStyle())
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
                Button("Controls") { navigator.go(to: "controls") }.id("controls")
            }
            .buttonStyle(.bordered)
            .controlSize(.large)
            Button("Back", role: .cancel) { navigator.go(to: "home") }
                .id("back")
                .buttonStyle(.borderedProminent)
                .controlSize(.extraLarge)
            HStack(spacing: 16) {
                Text("Language")
                ForEach(DemoApp.languages, content: { language in
                    Button { navigator.setLocale(LanguageTag(language.identifier)) } label: { Text(verbatim: language.name) }
                        .id("language-" + language.identifier)
                })
            }
            .buttonStyle(.bordered)
            .controlSize(.large)
            Text("Swipe right to go back").foregroundColor(.gray)
        }
    }
}
