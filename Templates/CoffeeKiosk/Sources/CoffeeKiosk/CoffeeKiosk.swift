import Foundation
import KioskUI
import CoffeeScreens

/// The kiosk, written as a SwiftUI app: its window here; the display, touch, flags and
/// subcommands (`run`, `snapshot`, `simulate`, `previews`) come with KioskUI. Full Foundation
/// may sit beside KioskUI (here for `String(format:)`); `CGFloat` is KioskUI's either way.
@main
struct CoffeeApp: App {
    @State private var order = Order()

    var body: some Scene {
        WindowGroup(id: "order") {
            OrderScreen(order: order, greeting: String(format: "Good %@!", "morning"), cupSide: 120 as CGFloat)
        }
    }
}
