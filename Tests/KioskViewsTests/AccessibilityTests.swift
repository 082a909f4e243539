import Foundation
import Observation
import Testing
@testable import KioskViews

@Observable
final class OrderModel {
    var deletes = 0
    var volume = 5
}

/// A checkout screen as a kiosk has it: a header, a summary row, icon and text buttons.
struct CheckoutView: View {
    let model: OrderModel

    var body: some View {
        VStack(spacing: 20) {
            Text("Your order").font(.title2).accessibilityAddTraits(.isHeader)
            HStack(spacing: 12) {
                Image(systemName: "cart")
                Text("3 items")
                Text("12.50 €")
            }
            .accessibilityElement(children: .combine)
            HStack(spacing: 16) {
                Button("Delete", role: .destructive) { model.deletes += 1 }.id("delete")
                    .accessibilityHint("Removes every item")
                Button("Pay") {}.id("pay").disabled(true)
                Button(action: {}) { Image(systemName: "gear") }.id("settings").accessibilityLabel("Settings")
            }
            Text("Volume")
                .accessibilityValue("\(model.volume)")
                .accessibilityAdjustableAction { direction in model.volume += direction == .increment ? 1 : -1 }
            Rectangle().frame(width: 40, height: 4).accessibilityHidden(true)
            Text("Help").font(.caption).accessibilitySortPriority(1)
        }
    }
}

@MainActor
@Suite("Accessibility tree")
struct AccessibilityTests {
    func host<V: View>(_ view: V, locale: String = "en") throws -> UIHost {
        let host = UIHost(size: Size(width: 600, height: 400), textEngine: textEngine) { view }
        host.locale = LanguageTag(locale)
        _ = host.render(into: try Canvas(width: 600, height: 400))
        return host
    }

    @Test("A realistic screen lists its elements with labels, traits, values and hints in reading order")
    func checkoutTree() throws {
        let host = try host(CheckoutView(model: OrderModel()))
        let elements = host.accessibilityElements
        #expect(elements.map(\.description) == [
            "Help",
            "Your order, header",
            "cart, 3 items, 12.50 €, image",
            "Delete, button",
            "Pay, button, dimmed",
            "Settings, button",
            "Volume, 5, adjustable",
        ])
        #expect(elements.map(\.id).filter { !$0.hasPrefix("main") } == ["delete", "pay", "settings"])
        let delete = try #require(elements.first { $0.id == "delete" })
        #expect(delete.hint == "Removes every item")
        #expect(delete.traits == .isButton)
        #expect(delete.frame == host.frame(ofButton: "delete"))
        #expect(elements[1].traits == [.isStaticText, .isHeader])
        #expect(elements.allSatisfy { $0.frame.width > 0 && $0.frame.height > 0 })
    }

    @Test("Right to left, a row is read from the right: a mirrored row keeps its order, a row held left to right turns round")
    func rightToLeft() throws {
        let row = HStack {
            Button("A") {}.id("a")
            Button("B") {}.id("b")
            Button("C") {}.id("c")
        }
        #expect(try host(row).accessibilityElements.map(\.id) == ["a", "b", "c"])
        let mirrored = try host(row, locale: "ar")
        #expect(try #require(mirrored.frame(ofButton: "a")).minX > #require(mirrored.frame(ofButton: "c")).minX)
        #expect(mirrored.accessibilityElements.map(\.id) == ["a", "b", "c"])
        let held = try host(row.environment(\.layoutDirection, .leftToRight), locale: "ar")
        #expect(held.accessibilityElements.map(\.id) == ["c", "b", "a"])
    }

    @Test("A short text beside a taller button is read in the button's row, rows top to bottom")
    func rows() throws {
        let view = VStack(alignment: .leading) {
            HStack(alignment: .center) {
                Text("Name")
                Button("Edit") {}.id("edit").controlSize(.extraLarge)
            }
            Text("Below")
        }
        #expect(try host(view).accessibilityElements.map(\.label) == ["Name", "Edit", "Below"])
    }

    @Test("Hidden views are left out; ignore makes one element named only by its label")
    func hiddenAndIgnored() throws {
        let view = VStack {
            Text("Shown")
            Text("Invisible").hidden()
            Text("Decoration").accessibilityHidden(true)
            HStack { Text("A"); Text("B") }.accessibilityElement(children: .ignore).accessibilityLabel("Both")
            HStack { Text("C"); Text("D") }.accessibilityElement(children: .contain)
            Circle().frame(width: 20, height: 20).accessibilityLabel("Status").accessibilityAddTraits(.isImage)
        }
        #expect(try host(view).accessibilityElements.map(\.description) == ["Shown", "Both", "C", "D", "Status, image"])
    }

    @Test("Labels, titles and symbols of icon-only labels follow the locale")
    func localizedLabels() throws {
        let catalog = StringCatalog(report: { _ in })
        catalog.add(["Start": StringCatalog.Entry("Starten"), "Stop": StringCatalog.Entry("Anhalten")], language: "de")
        let view = VStack {
            Button("Start") {}.id("start")
            Button(action: {}) { Label("Stop", systemImage: "stop") }.id("stop").labelStyle(.iconOnly)
        }
        .environment(\.stringCatalog, catalog)
        let host = try host(view, locale: "de")
        #expect(host.accessibilityElements.map(\.label) == ["Starten", "Anhalten"])
        host.locale = LanguageTag("en")
        #expect(host.accessibilityElements.map(\.label) == ["Start", "Stop"])
    }

    @Test("Activating a button runs its action once and reports it as a trigger; a disabled one is refused")
    func activation() throws {
        let model = OrderModel()
        let host = try host(CheckoutView(model: model))
        let events = try host.activate("delete")
        #expect(events.map(\.description) == ["0 delete triggered accessibility"])
        #expect(model.deletes == 1)
        #expect(throws: AccessibilityError.disabled("pay")) { try host.activate("pay") }
        #expect(throws: AccessibilityError.noElement("nothing")) { try host.activate("nothing") }
        let header = try #require(host.accessibilityElements.first { $0.label == "Your order" })
        #expect(throws: AccessibilityError.noAction(header.id)) { try host.activate(header.id) }
        #expect(model.deletes == 1)
    }

    @Test("Adjusting moves the value a step and the tree shows the new value")
    func adjustment() throws {
        let model = OrderModel()
        let host = try host(CheckoutView(model: model))
        let volume = try #require(host.accessibilityElements.first { $0.label == "Volume" })
        try host.adjust(volume.id, .increment)
        try host.adjust(volume.id, .increment)
        try host.adjust(volume.id, .decrement)
        #expect(model.volume == 6)
        #expect(host.accessibilityElements.first { $0.label == "Volume" }?.value == "6")
        #expect(throws: AccessibilityError.notAdjustable("delete")) { try host.adjust("delete", .increment) }
    }

    @Test("An accessibility action becomes the element's default action; activating switches screens as a tap does")
    func customActionAndNavigation() throws {
        let navigator = Navigator()
        let model = OrderModel()
        let host = UIHost(size: Size(width: 400, height: 300), screens: [
            Screen("home") {
                VStack {
                    Text("Card").accessibilityIdentifier("card").accessibilityAction { model.deletes += 1 }
                    Button("Settings") { navigator.go(to: "settings") }.id("go")
                }
            },
            Screen("settings") { Text("Settings screen") },
        ], textEngine: textEngine, navigator: navigator)
        #expect(try host.activate("card").map(\.description) == ["0 card triggered accessibility"])
        #expect(model.deletes == 1)
        #expect(try host.activate("go").map(\.description) == ["0 go triggered accessibility", "0 screen settings"])
        #expect(host.accessibilityElements.map(\.label) == ["Settings screen"])
    }
}
