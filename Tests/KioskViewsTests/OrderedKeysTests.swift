import KioskTestSupport
import Testing
@testable import KioskViews

@MainActor
@Suite("Ordered keys")
struct OrderedKeysTests {
    /// Keys in the shapes the store makes: paths, property names, ids (some not ASCII).
    static let keys = [
        ".0.1#count", ".0.1.0#isOn", ".0.10#count", ".0.1#id(é).0#n", ".0.1#id(e\u{301}).0#n", ".0#geometry",
        ".0.2", ".0.1", ".0.1.0.0#change", ".0.12.3#appear", "", ".0.1#id(日本).0#n", ".0.0#count",
    ]

    @Test("The keys a prefix begins are found together, byte for byte, whatever order they came in")
    func keysBeginningWithAPrefix() {
        for seed in 0..<20 {
            var generator = SeededGenerator(seed: UInt64(seed))
            var ordered = OrderedKeys<Int>()
            for (i, key) in Self.keys.enumerated().shuffled(using: &generator) { ordered.set(i, forKey: key) }
            #expect(ordered.elements.count == Self.keys.count)
            #expect(zip(ordered.elements, ordered.elements.dropFirst()).allSatisfy { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) })
            for prefix in [".0.1", ".0.1#", ".0.1#id(e", ".0.1#id(é)", ".0", ".0.12", ".1", ""] {
                let expected = Self.keys.filter { $0.utf8.starts(with: prefix.utf8) }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
                let found = ordered.elements[ordered.indices(beginningWith: prefix)]
                #expect(found.map(\.key) == expected, "\(prefix)")
                #expect(found.allSatisfy { Self.keys[$0.value] == $0.key }, "\(prefix)")
            }
        }
    }

    @Test("A key set again keeps its place with the new value; dropped ones are gone from the order")
    func replacementAndRemoval() {
        var ordered = OrderedKeys<Int>()
        for (i, key) in Self.keys.enumerated() { ordered.set(i, forKey: key) }
        ordered.set(100, forKey: ".0.2")
        #expect(ordered.elements.count == Self.keys.count)
        #expect(ordered.elements[ordered.indices(beginningWith: ".0.2")].map(\.value) == [100])
        ordered.removeAll { Self.keys.indices.contains($0) && Self.keys[$0].hasPrefix(".0.1") }
        #expect(ordered.indices(beginningWith: ".0.1").isEmpty)
        #expect(ordered.elements[ordered.indices(beginningWith: ".0.")].map(\.key) == [".0.0#count", ".0.2"])
    }
}
