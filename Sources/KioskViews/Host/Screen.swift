import FoundationEssentials
import Glibc
import KioskGestures
import KioskGraphics

/// One screen of a kiosk: its content and where swipes that start outside every button lead.
public struct Screen {
    public let id: String
    public var swipeDestinations: [SwipeDirection: String]
    public var background: Color?
    /// How this screen comes in when another gives way to it (nil: the host's `screenTransition`).
    public var transition: ScreenTransition?
    /// Called on every update, so the models it reads are observed.
    let content: () -> AnyView

    public init<Content: View>(_ id: String, swipeLeft: String? = nil, swipeRight: String? = nil,
                               swipeUp: String? = nil, swipeDown: String? = nil, background: Color? = nil,
                               transition: ScreenTransition? = nil, @ViewBuilder content: @escaping () -> Content) {
        self.id = id
        var destinations: [SwipeDirection: String] = [:]
        destinations[.left] = swipeLeft
        destinations[.right] = swipeRight
        destinations[.up] = swipeUp
        destinations[.down] = swipeDown
        self.swipeDestinations = destinations
        self.background = background
        self.transition = transition
        self.content = { AnyView(content()) }
    }
}

/// Switches screens, the kiosk's language and its text size and contrast from inside
/// views (a button's `goto`, a language picker, a larger-text button), and reports what
/// controls did to the event log: views capture it, the host that shows them acts on it.
public final class Navigator {
    var handler: ((String) -> Void)?
    var languageHandler: ((LanguageTag) -> Void)?
    var eventHandler: ((UIEvent.Kind) -> Void)?
    /// The host showing the views, for its text size and contrast.
    weak var host: UIHost?

    public init() {}

    /// Shows screen `id` (ignored when there is none with that id).
    public func go(to id: String) { handler?(id) }

    /// Shows every screen in `locale`'s language (and writing direction): `setLocale("de")`.
    public func setLocale(_ locale: LanguageTag) { languageHandler?(locale) }

    /// Reports `kind` among the host's events, at the host's time (a control's new value,
    /// a submitted text): it comes out with the touch or key that caused it.
    public func log(_ kind: UIEvent.Kind) { eventHandler?(kind) }

    /// The host's text size (`large` before a host shows the views); set, every screen
    /// follows it.
    public var dynamicTypeSize: DynamicTypeSize {
        get { host?.dynamicTypeSize ?? .large }
        set { host?.dynamicTypeSize = newValue }
    }

    /// The host's contrast (`standard` before a host shows the views); set, every screen
    /// follows it.
    public var colorSchemeContrast: ColorSchemeContrast {
        get { host?.colorSchemeContrast ?? .standard }
        set { host?.colorSchemeContrast = newValue }
    }
}
