import KioskUI

/// The one screen: a greeting, a button per drink, and the drink chosen with its price.
public struct OrderScreen: View {
    let order: Order
    let greeting: String
    let cupSide: CGFloat

    public init(order: Order, greeting: String, cupSide: CGFloat) {
        self.order = order
        self.greeting = greeting
        self.cupSide = cupSide
    }

    public var body: some View {
        VStack(spacing: 32) {
            Text(verbatim: greeting).font(.largeTitle).bold()
            HStack(spacing: 24) {
                ForEach(Drink.menu, id: \.name) { drink in
                    Button { order.drink = drink } label: {
                        Text(verbatim: drink.name).frame(minWidth: cupSide * 2, minHeight: cupSide)
                    }
                    .id(drink.name.lowercased())
                }
            }
            .buttonStyle(.borderedProminent)
            .controlSize(.extraLarge)
            if let drink = order.drink {
                HStack(spacing: 12) {
                    Text(verbatim: drink.name).font(.title)
                    Text(drink.price, format: .currency(code: "EUR")).font(.title).foregroundColor(.gray)
                }
            } else {
                Text("Choose a drink").font(.title).foregroundColor(.gray)
            }
        }
    }
}

// Drawn by `CoffeeKiosk previews --out DIR` to DIR/Cappuccino.png and DIR/Menu.png
// (docs/PRODUCT.md, "Previews").

#Preview("Cappuccino") {
    let order = Order()
    order.drink = Drink.menu[1]
    return OrderScreen(order: order, greeting: "Good morning!", cupSide: 120)
}

#Preview("Menu", traits: .sizeThatFitsLayout) {
    OrderScreen(order: Order(), greeting: "Good morning!", cupSide: 120)
}
