/// A height a sheet rests at (`presentationDetents`): `large` is the whole screen but a
/// strip at the top, `medium` half of it.
public struct PresentationDetent: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case large, medium
        case fraction(Double)
        case height(Double)
    }

    let kind: Kind

    public static let large = PresentationDetent(kind: .large)
    public static let medium = PresentationDetent(kind: .medium)
    public static func fraction(_ fraction: Double) -> PresentationDetent { PresentationDetent(kind: .fraction(fraction)) }
    public static func height(_ height: Double) -> PresentationDetent { PresentationDetent(kind: .height(height)) }

    /// The strip of the screen a large sheet leaves uncovered at the top.
    static let topGap = 40.0

    /// The sheet's height on a screen `height` tall.
    func sheetHeight(onScreen height: Double) -> Double {
        let most = max(height - Self.topGap, 0)
        let value = switch kind {
        case .large: most
        case .medium: height / 2
        case .fraction(let f): height * (f.isFinite ? f : 1)
        case .height(let h): h.isFinite ? h : most
        }
        return min(max(value, 0), most)
    }
}

/// The detents a sheet's content asked for, noted while it is resolved.
final class SheetDetents {
    var detents: Set<PresentationDetent> = [.large]

    /// A sheet opens at its lowest detent, as in SwiftUI.
    func height(onScreen height: Double) -> Double {
        detents.map { $0.sheetHeight(onScreen: height) }.min() ?? PresentationDetent.large.sheetHeight(onScreen: height)
    }
}

private struct SheetDetentsKey: EnvironmentKey {
    static var defaultValue: SheetDetents? { nil }
}

extension EnvironmentValues {
    var sheetDetents: SheetDetents? {
        get { self[SheetDetentsKey.self] }
        set { self[SheetDetentsKey.self] = newValue }
    }
}

struct PresentationDetentsModifier<Content: View>: View, PrimitiveView {
    let content: Content
    let detents: Set<PresentationDetent>

    var body: Never { fatalError("PresentationDetentsModifier is primitive") }

    func makeNode(_ context: ResolveContext) -> Node {
        if !detents.isEmpty { context.environment.sheetDetents?.detents = detents }
        return resolve(content, context)
    }
}

extension View {
    /// The heights the sheet this view is in rests at; it opens at the lowest.
    public func presentationDetents(_ detents: Set<PresentationDetent>) -> some View {
        PresentationDetentsModifier(content: self, detents: detents)
    }
}
