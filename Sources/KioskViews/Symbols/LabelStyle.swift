/// How a `Label` shows: its title, its icon, or both (SwiftUI's `labelStyle`).
public protocol LabelStyle {}

/// The part of a label each built-in style shows.
enum LabelParts: Hashable, Sendable {
    case titleAndIcon, titleOnly, iconOnly
}

/// A built-in style: which parts of the label it shows.
protocol BuiltInLabelStyle: LabelStyle {
    var parts: LabelParts { get }
}

public struct DefaultLabelStyle: BuiltInLabelStyle {
    public init() {}
    var parts: LabelParts { .titleAndIcon }
}

public struct TitleAndIconLabelStyle: BuiltInLabelStyle {
    public init() {}
    var parts: LabelParts { .titleAndIcon }
}

public struct TitleOnlyLabelStyle: BuiltInLabelStyle {
    public init() {}
    var parts: LabelParts { .titleOnly }
}

public struct IconOnlyLabelStyle: BuiltInLabelStyle {
    public init() {}
    var parts: LabelParts { .iconOnly }
}

extension LabelStyle where Self == DefaultLabelStyle {
    public static var automatic: DefaultLabelStyle { DefaultLabelStyle() }
}

extension LabelStyle where Self == TitleAndIconLabelStyle {
    public static var titleAndIcon: TitleAndIconLabelStyle { TitleAndIconLabelStyle() }
}

extension LabelStyle where Self == TitleOnlyLabelStyle {
    public static var titleOnly: TitleOnlyLabelStyle { TitleOnlyLabelStyle() }
}

extension LabelStyle where Self == IconOnlyLabelStyle {
    public static var iconOnly: IconOnlyLabelStyle { IconOnlyLabelStyle() }
}

extension View {
    /// The parts the labels inside show; the nearest setting wins.
    public func labelStyle<S: LabelStyle>(_ style: S) -> some View {
        EnvironmentModifier(content: self) { $0.labelParts = (style as? any BuiltInLabelStyle)?.parts ?? .titleAndIcon }
    }
}
