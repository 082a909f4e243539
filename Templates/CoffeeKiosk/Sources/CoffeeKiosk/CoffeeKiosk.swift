import Foundation
import KioskCommandLine
import KioskUI
import CoffeeScreens

/// The kiosk: its screens here, the display, touch, flags and subcommands from KioskUI.
/// Full Foundation may sit beside KioskUI (here for `String(format:)`); `CGFloat` is
/// KioskUI's either way.
@main
struct CoffeeKiosk: KioskApp {
    static func screens(navigator: Navigator) -> [Screen] {
        let cup: CGFloat = 120
        let greeting = String(format: "Good %@!", "morning")
        return [Screen("order") { OrderScreen(order: Order(), greeting: greeting, cupSide: cup) }]
    }
}
