import FoundationEssentials
import Glibc
import KioskCore
import KioskGestures
import KioskGraphics
import Observation

/// Values that flow down the view tree (SwiftUI's `EnvironmentValues`): a modifier sets one
/// for everything inside it, and the nearest setting wins.
public struct EnvironmentValues {
    public var font: Font = .body
    /// A weight forced on text that does not set its own (a cancel button's bolder label).
    public var fontWeight: Font.Weight?
    public var foregroundColor: Color = .primary
    /// Text drawn underlined (the link style).
    public var underlinesText = false
    /// The accent; built-in button styles draw with it. A destructive role overrides it.
    public var tint: Color = .accentColor
    public var isEnabled = true
    public var controlSize: ControlSize = .regular
    /// The text size; text-style fonts and the built-in controls' padding follow it,
    /// kept within any range `dynamicTypeSize(_:)` limits the views to.
    public var dynamicTypeSize: DynamicTypeSize {
        get { setDynamicTypeSize.clamped(to: dynamicTypeSizeRange) }
        set { setDynamicTypeSize = newValue }
    }
    private var setDynamicTypeSize: DynamicTypeSize = .large
    private var dynamicTypeSizeRange: ClosedRange<DynamicTypeSize> = .xSmall ... .accessibility5
    /// Read-only, as in SwiftUI, where the system sets it; see `_colorSchemeContrast`.
    public var colorSchemeContrast: ColorSchemeContrast { _colorSchemeContrast }
    /// The contrast colours are drawn with, settable like SwiftUI's own underscored one:
    /// `.environment(\._colorSchemeContrast, .increased)` compiles with SwiftUI too.
    public var _colorSchemeContrast: ColorSchemeContrast = .standard
    /// Line limit, truncation, minimum scale factor and multi-line alignment of text.
    public var textFit = TextFit()
    /// The language and region text is for; its language's writing direction is the layout
    /// direction unless one is set.
    public var locale = Locale(identifier: "en") {
        didSet {
            localeDirection = ICU.isRightToLeft(locale) ? .rightToLeft : .leftToRight
        }
    }
    private var localeDirection: LayoutDirection = .leftToRight
    /// The translations `Text("key")` is looked up in: by default the main bundle's string
    /// tables (`StringCatalog.main`). A kiosk shipped as one binary sets its own
    /// (`.environment(\.stringCatalog, ...)`).
    public var stringCatalog: StringCatalog {
        get { setStringCatalog ?? StringCatalog.main }
        set { setStringCatalog = newValue }
    }
    private var setStringCatalog: StringCatalog?
    private var setLayoutDirection: LayoutDirection?
    /// Which way layouts read; right to left mirrors leading and trailing. By default the
    /// locale's: Arabic or Hebrew read right to left.
    public var layoutDirection: LayoutDirection {
        get { setLayoutDirection ?? localeDirection }
        set { setLayoutDirection = newValue }
    }
    public var buttonBorderShape: ButtonBorderShape = .automatic
    public var buttonRepeatBehavior: ButtonRepeatBehavior = .automatic
    var buttonStyle: AnyButtonStyle = .standard(AutomaticButtonStyle())
    /// The gesture constants (long press, repeat, cancel margin) buttons are built with.
    public var gestureConfiguration: GestureConfiguration = .standard
    /// The id the next button's touch target takes (set by `.id(_:)`).
    var pendingID: String?
    /// False inside `allowsHitTesting(false)` and `hidden()`: nothing there takes touches.
    var allowsHitTesting = true
    /// The parts labels show (`labelStyle`).
    var labelParts: LabelParts = .titleAndIcon
    /// A gradient set by `foregroundStyle`, which shapes fill with (nil: the foreground colour).
    var foregroundPaint: Paint?
    /// Values under the product's own `EnvironmentKey`s.
    var custom: [ObjectIdentifier: Any] = [:]
    /// False inside a view whose `GestureMask` excludes its subviews' gestures.
    var subviewGesturesEnabled = true

    public init() {}

    /// Narrows the sizes text may take to their overlap with `range`.
    mutating func limitDynamicTypeSize(to range: ClosedRange<DynamicTypeSize>) {
        let lower = max(range.lowerBound, dynamicTypeSizeRange.lowerBound)
        let upper = min(range.upperBound, dynamicTypeSizeRange.upperBound)
        // Disjoint ranges: the inner one wins, as the nearest setting does.
        dynamicTypeSizeRange = lower <= upper ? lower...upper : range
    }

    /// The font text without one of its own is drawn in, at the Dynamic Type size.
    var scaledFont: Font { font.scaled(to: dynamicTypeSize) }
}

/// Where a view sits while it is resolved: its environment, its structural path (stable
/// across updates, so animations and damage can follow a view) and the session it is
/// resolved in.
struct ResolveContext {
    var environment: EnvironmentValues
    var path: String
    var session: ResolveSession
    var stackAxis: Axis?

    func child(_ index: Int) -> ResolveContext {
        var copy = self
        copy.path = path + "." + String(index)
        return copy
    }

    func with(_ update: (inout EnvironmentValues) -> Void) -> ResolveContext {
        var copy = self
        update(&copy.environment)
        return copy
    }
}

/// What one resolution of the view tree (or of part of it) needs from the host and
/// collects for it.
final class ResolveSession {
    let pressedIDs: Set<String>
    let textEngine: TextEngine
    let changes: ChangeTracker
    let store: StateStore
    /// The button ids claimed in this resolution.
    private var usedIDs: Set<String> = []
    /// True for a button id the rest of the tree has, when only part of it is resolved.
    private let isTakenElsewhere: (String) -> Bool
    /// Set when a view bound its focus (`focused(_:)`): the host then keeps focus states
    /// in step with the focus.
    var hasFocusBindings = false

    /// `isTakenElsewhere`: whether the rest of the tree has a button id, when only part is
    /// resolved; asked only for the ids claimed, rather than listing them all for each part.
    init(pressedIDs: Set<String>, textEngine: TextEngine, changes: ChangeTracker, store: StateStore = StateStore(),
         isTakenElsewhere: @escaping (String) -> Bool = { _ in false }) {
        self.pressedIDs = pressedIDs
        self.textEngine = textEngine
        self.changes = changes
        self.store = store
        self.isTakenElsewhere = isTakenElsewhere
    }

    /// Runs `body` (a view's `body` getter) observing the models and the state it reads: a
    /// change to one of them marks `path` for re-resolution.
    func track<T>(_ path: String, _ body: () -> T) -> T {
        let changes = self.changes
        return store.observing({ changes.mark(path) }, body)
    }

    /// `id` made unique within this resolution (a second "ok" becomes "ok#2").
    func claim(_ id: String) -> String {
        var candidate = id, n = 1
        while usedIDs.contains(candidate) || isTakenElsewhere(candidate) {
            n += 1
            candidate = "\(id)#\(n)"
        }
        usedIDs.insert(candidate)
        return candidate
    }
}

/// A layout direction.
public enum Axis: Hashable, Sendable {
    case horizontal, vertical
}

/// Sets an environment value for a sub-tree.
struct EnvironmentModifier<Content: View>: View, PrimitiveView {
    let content: Content
    let update: (inout EnvironmentValues) -> Void

    var body: Never { fatalError("EnvironmentModifier is primitive") }

    func makeNode(_ context: ResolveContext) -> Node {
        resolve(content, context.with(update))
    }
}

extension View {
    /// Sets any environment value for this view and everything inside it.
    public func environment<T>(_ keyPath: WritableKeyPath<EnvironmentValues, T>, _ value: T) -> some View {
        EnvironmentModifier(content: self) { $0[keyPath: keyPath] = value }
    }

    public func font(_ font: Font) -> some View { environment(\.font, font) }

    public func fontWeight(_ weight: Font.Weight?) -> some View { environment(\.fontWeight, weight) }

    /// nil leaves the colour from outside, as in SwiftUI.
    public func foregroundColor(_ color: Color?) -> some View {
        EnvironmentModifier(content: self) { if let color { $0.foregroundColor = color; $0.foregroundPaint = nil } }
    }

    /// nil leaves the tint from outside, as in SwiftUI.
    public func tint(_ color: Color?) -> some View {
        EnvironmentModifier(content: self) { if let color { $0.tint = color } }
    }

    /// Disables the buttons inside (dimmed, no touches). Like SwiftUI, `disabled(false)`
    /// cannot re-enable what an outer `disabled(true)` disabled.
    public func disabled(_ disabled: Bool) -> some View {
        EnvironmentModifier(content: self) { $0.isEnabled = $0.isEnabled && !disabled }
    }

    public func controlSize(_ size: ControlSize) -> some View { environment(\.controlSize, size) }

    public func buttonBorderShape(_ shape: ButtonBorderShape) -> some View { environment(\.buttonBorderShape, shape) }

    public func buttonRepeatBehavior(_ behavior: ButtonRepeatBehavior) -> some View {
        environment(\.buttonRepeatBehavior, behavior)
    }

    /// Names the button inside for the event log and the gesture engine (`"plus"`).
    /// Also the view's identity, as `id(_:)` with any value.
    public func id(_ id: String) -> some View { IdentifiedView(content: self, id: id, buttonID: id) }
}

/// The views marked for re-resolution since the last update, by path; `everything` after a
/// change read outside any view's body (a screen's content closure) or an invalidation.
/// Marked by the Observation framework, possibly from another thread.
final class ChangeTracker: @unchecked Sendable {
    private let lock = Lock()
    private var paths: Set<String> = []
    private var all = false

    var isSet: Bool { lock.withLock { all || !paths.isEmpty } }
    func mark(_ path: String) { lock.withLock { _ = paths.insert(path) } }
    func markAll() { lock.withLock { all = true } }

    /// Returns what was marked and clears it: nil paths mean everything.
    func take() -> Set<String>? {
        lock.withLock {
            defer { paths = []; all = false }
            return all ? nil : paths
        }
    }
}
