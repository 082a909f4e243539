import KioskUI

/// A drink on the menu.
public struct Drink: Hashable, Sendable {
    public let name: String
    public let price: Double

    public static let menu = [Drink(name: "Espresso", price: 2.2), Drink(name: "Cappuccino", price: 3.1),
                              Drink(name: "Latte", price: 3.4)]
}

/// What the customer has chosen so far; the screen shows it and the brewing code reads it.
@Observable
public final class Order {
    public var drink: Drink?

    public init() {}
}
