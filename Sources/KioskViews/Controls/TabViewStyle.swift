/// How a `TabView` shows its pages (SwiftUI's `TabViewStyle`): paged, with or without the
/// page dots.
public protocol TabViewStyle {
    var indexDisplayMode: PageTabViewStyle.IndexDisplayMode { get }
}

public struct PageTabViewStyle: TabViewStyle {
    /// When the page dots show: `automatic` with more than one page.
    public enum IndexDisplayMode: Hashable, Sendable {
        case automatic, always, never

        func shows(pageCount: Int) -> Bool {
            switch self {
            case .automatic: pageCount > 1
            case .always: true
            case .never: false
            }
        }
    }

    public let indexDisplayMode: IndexDisplayMode

    public init(indexDisplayMode: IndexDisplayMode = .automatic) { self.indexDisplayMode = indexDisplayMode }
}

/// The only style a kiosk has: paged.
public typealias DefaultTabViewStyle = PageTabViewStyle

extension TabViewStyle where Self == PageTabViewStyle {
    public static var page: PageTabViewStyle { PageTabViewStyle() }
    public static func page(indexDisplayMode: PageTabViewStyle.IndexDisplayMode) -> PageTabViewStyle {
        PageTabViewStyle(indexDisplayMode: indexDisplayMode)
    }
    public static var automatic: PageTabViewStyle { PageTabViewStyle() }
}

/// The look of the page dots (SwiftUI's `IndexViewStyle`).
public protocol IndexViewStyle {
    var backgroundDisplayMode: PageIndexViewStyle.BackgroundDisplayMode { get }
}

public struct PageIndexViewStyle: IndexViewStyle {
    /// Whether the dots sit on a dark capsule, which they need over a light page.
    public enum BackgroundDisplayMode: Hashable, Sendable {
        case automatic, interactive, always, never
    }

    public let backgroundDisplayMode: BackgroundDisplayMode

    public init(backgroundDisplayMode: BackgroundDisplayMode = .automatic) { self.backgroundDisplayMode = backgroundDisplayMode }
}

extension IndexViewStyle where Self == PageIndexViewStyle {
    public static var page: PageIndexViewStyle { PageIndexViewStyle() }
    public static func page(backgroundDisplayMode: PageIndexViewStyle.BackgroundDisplayMode) -> PageIndexViewStyle {
        PageIndexViewStyle(backgroundDisplayMode: backgroundDisplayMode)
    }
}

private struct PageIndexDisplayModeKey: EnvironmentKey {
    static var defaultValue: PageTabViewStyle.IndexDisplayMode { .automatic }
}

private struct PageIndexBackgroundKey: EnvironmentKey {
    static var defaultValue: PageIndexViewStyle.BackgroundDisplayMode { .automatic }
}

extension EnvironmentValues {
    var pageIndexDisplayMode: PageTabViewStyle.IndexDisplayMode {
        get { self[PageIndexDisplayModeKey.self] }
        set { self[PageIndexDisplayModeKey.self] = newValue }
    }

    var pageIndexBackgroundDisplayMode: PageIndexViewStyle.BackgroundDisplayMode {
        get { self[PageIndexBackgroundKey.self] }
        set { self[PageIndexBackgroundKey.self] = newValue }
    }
}

extension View {
    public func tabViewStyle<S: TabViewStyle>(_ style: S) -> some View {
        EnvironmentModifier(content: self) { $0.pageIndexDisplayMode = style.indexDisplayMode }
    }

    public func indexViewStyle<S: IndexViewStyle>(_ style: S) -> some View {
        EnvironmentModifier(content: self) { $0.pageIndexBackgroundDisplayMode = style.backgroundDisplayMode }
    }
}
