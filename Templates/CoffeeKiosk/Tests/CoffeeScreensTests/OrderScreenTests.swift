import KioskSnapshotTesting
import KioskUI
import Testing
@testable import CoffeeScreens

/// The order screen drawn headless and compared with its reviewed reference image
/// (References/; KIOSK_RECORD_GOLDENS=1 records a new one). Fonts: $KIOSK_FONTS.
@MainActor
@Suite struct OrderScreenTests {
    func render(_ order: Order) throws -> Canvas {
        let size = Size(width: 1024, height: 600)
        let host = UIHost(size: size, screens: [Screen("order") { OrderScreen(order: order, greeting: "Good morning!", cupSide: 120) }],
                          textEngine: try KioskTextEngine())
        let canvas = try Canvas(width: Int(size.width), height: Int(size.height))
        host.render(into: canvas)
        return canvas
    }

    @Test func waitingForAChoice() throws {
        try GoldenImage.check(try render(Order()), named: "order-empty")
    }

    @Test func aChosenDrinkShowsItsPrice() throws {
        let order = Order()
        order.drink = Drink.menu[1]
        try GoldenImage.check(try render(order), named: "order-cappuccino")
    }
}
