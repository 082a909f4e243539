import Foundation
import Testing
@testable import KioskViews

/// Environment values share their storage between copies: a copy that is set apart must
/// leave the value it was copied from as it was.
@MainActor
@Suite("Environment values")
struct EnvironmentValuesTests {
    @Test("A copy set apart leaves the original as it was")
    func copiesAreIndependent() {
        var original = EnvironmentValues()
        original.tint = .red
        var copy = original
        copy.tint = .blue
        copy.isEnabled = false
        copy.limitDynamicTypeSize(to: .xSmall ... .small)
        copy.dynamicTypeSize = .xxxLarge
        #expect(original.tint == .red)
        #expect(original.isEnabled)
        #expect(original.dynamicTypeSize == .large)
        #expect(copy.tint == .blue)
        #expect(!copy.isEnabled)
        #expect(copy.dynamicTypeSize == .small, "kept within the limit")
    }

    @Test("The language sets the layout direction unless one is set, in the copy it is set in")
    func localeDirection() {
        var environment = EnvironmentValues()
        let copy = environment
        environment.languageTag = "ar"
        #expect(environment.layoutDirection == .rightToLeft)
        #expect(copy.layoutDirection == .leftToRight)
        environment.layoutDirection = .leftToRight
        environment.languageTag = "he"
        #expect(environment.layoutDirection == .leftToRight, "a set direction wins")
    }

    @Test("SwiftUI's \\.locale is the language tag as Foundation's Locale (localized here: the test process links full Foundation)")
    func localeBridge() {
        var environment = EnvironmentValues()
        environment.locale = Locale(identifier: "de_AT")
        #expect(environment.languageTag == "de-AT")
        #expect(environment.locale.region?.identifier == "AT")
    }
}
