import KioskDemo
import KioskUI

/// The built-in demo as a product's own executable: copy this target, write your screens.
/// `swift run demo-kiosk --help` lists the flags (the same as `kiosk run`'s).
@main
struct DemoKiosk: KioskApp {
    static func screens(navigator: Navigator) -> [Screen] {
        DemoApp.screens(model: CounterModel(), navigator: navigator)
    }
}
