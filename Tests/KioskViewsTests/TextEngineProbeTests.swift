import KioskGraphics
import Testing
@testable import KioskViews

/// A text probed at a width and height before it was ever set without the height (a stack
/// probing a label at width 0 in a fixed-height row) is measured as a fresh engine would.
@MainActor
@Suite("Text engine probes")
struct TextEngineProbeTests {
    private static let texts: [StyledText] = [
        StyledText(runs: [StyledText.Run(string: "Drink 142", font: .title3, color: .black)]),
        StyledText(runs: [StyledText.Run(string: "Order a drink at the counter", font: .body, color: .black)],
                   fit: TextFit(lineLimit: 2)),
        StyledText(runs: [StyledText.Run(string: "Shrinks before it is cut", font: .body, color: .black)],
                   fit: TextFit(minimumScaleFactor: 0.5)),
    ]

    @Test("Sizes at a width with and without a height are those of fresh engines, in either order")
    func sameAsFresh() throws {
        let warm = KioskTextEngine(library: textEngine.library)
        for text in Self.texts {
            for width in [0, 20, 60, 120, 1000] as [Double] {
                for height in [10, 30, 64, 500] as [Double] {
                    let probed = warm.measure(text, maxWidth: width, maxHeight: height)
                    let unlimited = warm.measure(text, maxWidth: width, maxHeight: nil)
                    let again = warm.measure(text, maxWidth: width, maxHeight: height)
                    #expect(probed == KioskTextEngine(library: textEngine.library).measure(text, maxWidth: width, maxHeight: height))
                    #expect(unlimited == KioskTextEngine(library: textEngine.library).measure(text, maxWidth: width, maxHeight: nil))
                    #expect(again == probed)
                }
            }
        }
    }
}
