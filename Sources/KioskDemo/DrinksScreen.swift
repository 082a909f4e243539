import FoundationEssentials
import Glibc
import KioskViews

/// A coffee machine's menu: 1,000 drinks in a lazy list that scrolls with a flick, each row
/// with its name, price and an Order button; an order is confirmed on a sheet, and the last
/// one shows at the top.
struct DrinksScreen: View {
    let model: CounterModel
    @State private var confirmingOrder = false

    static let names = ["Espresso", "Cappuccino", "Latte", "Flat White", "Americano", "Mocha", "Macchiato", "Cortado"]
    static let count = 1_000

    var body: some View {
        VStack(spacing: 12) {
            Text(verbatim: model.lastOrder.map { "Ordered: " + $0 } ?? "Choose a drink").font(.title).bold()
            ScrollView {
                LazyVStack(spacing: 8) {
                    ForEach(0..<Self.count, id: \.self) { index in
                        DrinkRow(name: Self.name(of: index), price: 2.0 + Double(index % 8) * 0.3) {
                            model.lastOrder = Self.name(of: index)
                            confirmingOrder = true
                        }
                        .id("drink\(index)")
                    }
                }
                .padding(16)
            }
            Text("Swipe right for settings").foregroundColor(.gray)
        }
        .padding(.top, 16)
        .sheet(isPresented: $confirmingOrder) {
            OrderSheet(drink: model.lastOrder ?? "")
                .presentationDetents([.medium])
        }
    }

    static func name(of index: Int) -> String { "\(names[index % names.count]) #\(index + 1)" }
}

struct DrinkRow: View {
    let name: String
    let price: Double
    let order: () -> Void

    var body: some View {
        HStack(spacing: 16) {
            Text(verbatim: name).font(.title3)
            Spacer()
            Text(price, format: .currency(code: "EUR")).foregroundColor(.gray)
            Button("Order", action: order).buttonStyle(.borderedProminent)
        }
        .padding(.horizontal, 20)
        .frame(height: 64)
        .background(RoundedRectangle(cornerRadius: 12).fill(.white))
    }
}

/// The order just placed, on a half-height sheet: Done or a swipe down closes it.
struct OrderSheet: View {
    let drink: String
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        VStack(spacing: 20) {
            Text("Your order").font(.title).bold()
            Text(verbatim: drink).font(.title2)
            Button("Done") { dismiss() }
                .id("order-done")
                .buttonStyle(.borderedProminent)
                .controlSize(.large)
            Text("Swipe down to close").foregroundColor(.gray)
        }
        .padding(32)
    }
}
