import FoundationEssentials
import Glibc
import KioskCore
import KioskGestures
import KioskGraphics
import Observation

/// Values that flow down the view tree (SwiftUI's `EnvironmentValues`): a modifier sets one
/// for everything inside it, and the nearest setting wins.
public struct EnvironmentValues {
    /// The values, shared between copies until one is set: every view resolved copies its
    /// context's environment, and a copy then costs one reference rather than one per value.
    private var storage = Storage()

    public var font: Font {
        get { storage.font }
        _modify { yield &unique.font }
    }
    /// A weight forced on text that does not set its own (a cancel button's bolder label).
    public var fontWeight: Font.Weight? {
        get { storage.fontWeight }
        _modify { yield &unique.fontWeight }
    }
    public var foregroundColor: Color {
        get { storage.foregroundColor }
        _modify { yield &unique.foregroundColor }
    }
    /// Text drawn underlined (the link style).
    public var underlinesText: Bool {
        get { storage.underlinesText }
        _modify { yield &unique.underlinesText }
    }
    /// The accent; built-in button styles draw with it. A destructive role overrides it.
    public var tint: Color {
        get { storage.tint }
        _modify { yield &unique.tint }
    }
    public var isEnabled: Bool {
        get { storage.isEnabled }
        _modify { yield &unique.isEnabled }
    }
    public var controlSize: ControlSize {
        get { storage.controlSize }
        _modify { yield &unique.controlSize }
    }
    /// The text size; text-style fonts and the built-in controls' padding follow it,
    /// kept within any range `dynamicTypeSize(_:)` limits the views to.
    public var dynamicTypeSize: DynamicTypeSize {
        get { storage.setDynamicTypeSize.clamped(to: storage.dynamicTypeSizeRange) }
        set { unique.setDynamicTypeSize = newValue }
    }
    /// Read-only, as in SwiftUI, where the system sets it; see `_colorSchemeContrast`.
    public var colorSchemeContrast: ColorSchemeContrast { storage.colorSchemeContrast }
    /// The contrast colours are drawn with, settable like SwiftUI's own underscored one:
    /// `.environment(\._colorSchemeContrast, .increased)` compiles with SwiftUI too.
    public var _colorSchemeContrast: ColorSchemeContrast {
        get { storage.colorSchemeContrast }
        _modify { yield &unique.colorSchemeContrast }
    }
    /// Line limit, truncation, minimum scale factor and multi-line alignment of text.
    public var textFit: TextFit {
        get { storage.textFit }
        _modify { yield &unique.textFit }
    }
    /// The language and region text is for (plural rules, number and date formats, the
    /// speech voice); its language's writing direction is the layout direction unless one
    /// is set.
    public var languageTag: LanguageTag {
        get { storage.languageTag }
        set { unique.languageTag = newValue }
    }
    /// SwiftUI's name for `languageTag`, as Foundation's `Locale`. Only a program that links
    /// FoundationInternationalization (full Foundation) has localized `Locale`s: with
    /// FoundationEssentials alone every `Locale` is `en_001`, so set `languageTag` there.
    public var locale: Locale {
        get { Locale(identifier: storage.languageTag.identifier) }
        set { languageTag = LanguageTag(newValue.identifier) }
    }
    /// The translations `Text("key")` is looked up in: by default the main bundle's string
    /// tables (`StringCatalog.main`). A kiosk shipped as one binary sets its own
    /// (`.environment(\.stringCatalog, ...)`).
    public var stringCatalog: StringCatalog {
        get { storage.stringCatalog ?? StringCatalog.main }
        set { unique.stringCatalog = newValue }
    }
    /// Which way layouts read; right to left mirrors leading and trailing. By default the
    /// locale's: Arabic or Hebrew read right to left.
    public var layoutDirection: LayoutDirection {
        get { storage.layoutDirection ?? (storage.languageTag.isRightToLeft ? .rightToLeft : .leftToRight) }
        set { unique.layoutDirection = newValue }
    }
    public var buttonBorderShape: ButtonBorderShape {
        get { storage.buttonBorderShape }
        _modify { yield &unique.buttonBorderShape }
    }
    public var buttonRepeatBehavior: ButtonRepeatBehavior {
        get { storage.buttonRepeatBehavior }
        _modify { yield &unique.buttonRepeatBehavior }
    }
    var buttonStyle: AnyButtonStyle {
        get { storage.buttonStyle }
        _modify { yield &unique.buttonStyle }
    }
    /// The gesture constants (long press, repeat, cancel margin) buttons are built with.
    public var gestureConfiguration: GestureConfiguration {
        get { storage.gestureConfiguration }
        _modify { yield &unique.gestureConfiguration }
    }
    /// The id the next button's touch target takes (set by `.id(_:)`).
    var pendingID: String? {
        get { storage.pendingID }
        _modify { yield &unique.pendingID }
    }
    /// False inside `allowsHitTesting(false)` and `hidden()`: nothing there takes touches.
    var allowsHitTesting: Bool {
        get { storage.allowsHitTesting }
        _modify { yield &unique.allowsHitTesting }
    }
    /// The parts labels show (`labelStyle`).
    var labelParts: LabelParts {
        get { storage.labelParts }
        _modify { yield &unique.labelParts }
    }
    /// A gradient set by `foregroundStyle`, which shapes fill with (nil: the foreground colour).
    var foregroundPaint: Paint? {
        get { storage.foregroundPaint }
        _modify { yield &unique.foregroundPaint }
    }
    /// Values under the product's own `EnvironmentKey`s.
    var custom: [ObjectIdentifier: Any] {
        get { storage.custom }
        _modify { yield &unique.custom }
    }
    /// False inside a view whose `GestureMask` excludes its subviews' gestures.
    var subviewGesturesEnabled: Bool {
        get { storage.subviewGesturesEnabled }
        _modify { yield &unique.subviewGesturesEnabled }
    }

    public init() {}

    /// Narrows the sizes text may take to their overlap with `range`.
    mutating func limitDynamicTypeSize(to range: ClosedRange<DynamicTypeSize>) {
        let values = unique
        let lower = max(range.lowerBound, values.dynamicTypeSizeRange.lowerBound)
        let upper = min(range.upperBound, values.dynamicTypeSizeRange.upperBound)
        // Disjoint ranges: the inner one wins, as the nearest setting does.
        values.dynamicTypeSizeRange = lower <= upper ? lower...upper : range
    }

    /// The storage, made this value's own before one of its values is set.
    private var unique: Storage {
        mutating get {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(copying: storage) }
            return storage
        }
    }

    /// The values themselves. Declared without defaults so a copy sets each value once.
    private final class Storage {
        var font: Font
        var fontWeight: Font.Weight?
        var foregroundColor: Color
        var underlinesText: Bool
        var tint: Color
        var isEnabled: Bool
        var controlSize: ControlSize
        var setDynamicTypeSize: DynamicTypeSize
        var dynamicTypeSizeRange: ClosedRange<DynamicTypeSize>
        var colorSchemeContrast: ColorSchemeContrast
        var textFit: TextFit
        var languageTag: LanguageTag
        var stringCatalog: StringCatalog?
        var layoutDirection: LayoutDirection?
        var buttonBorderShape: ButtonBorderShape
        var buttonRepeatBehavior: ButtonRepeatBehavior
        var buttonStyle: AnyButtonStyle
        var gestureConfiguration: GestureConfiguration
        var pendingID: String?
        var allowsHitTesting: Bool
        var labelParts: LabelParts
        var foregroundPaint: Paint?
        var custom: [ObjectIdentifier: Any]
        var subviewGesturesEnabled: Bool

        init() {
            font = .body
            fontWeight = nil
            foregroundColor = .primary
            underlinesText = false
            tint = .accentColor
            isEnabled = true
            controlSize = .regular
            setDynamicTypeSize = .large
            dynamicTypeSizeRange = .xSmall ... .accessibility5
            colorSchemeContrast = .standard
            textFit = TextFit()
            languageTag = .english
            stringCatalog = nil
            layoutDirection = nil
            buttonBorderShape = .automatic
            buttonRepeatBehavior = .automatic
            buttonStyle = .standard(AutomaticButtonStyle())
            gestureConfiguration = .standard
            pendingID = nil
            allowsHitTesting = true
            labelParts = .titleAndIcon
            foregroundPaint = nil
            custom = [:]
            subviewGesturesEnabled = true
        }

        init(copying other: Storage) {
            font = other.font
            fontWeight = other.fontWeight
            foregroundColor = other.foregroundColor
            underlinesText = other.underlinesText
            tint = other.tint
            isEnabled = other.isEnabled
            controlSize = other.controlSize
            setDynamicTypeSize = other.setDynamicTypeSize
            dynamicTypeSizeRange = other.dynamicTypeSizeRange
            colorSchemeContrast = other.colorSchemeContrast
            textFit = other.textFit
            languageTag = other.languageTag
            stringCatalog = other.stringCatalog
            layoutDirection = other.layoutDirection
            buttonBorderShape = other.buttonBorderShape
            buttonRepeatBehavior = other.buttonRepeatBehavior
            buttonStyle = other.buttonStyle
            gestureConfiguration = other.gestureConfiguration
            pendingID = other.pendingID
            allowsHitTesting = other.allowsHitTesting
            labelParts = other.labelParts
            foregroundPaint = other.foregroundPaint
            custom = other.custom
            subviewGesturesEnabled = other.subviewGesturesEnabled
        }
    }

    /// The font text without one of its own is drawn in, at the Dynamic Type size.
    var scaledFont: Font { font.scaled(to: dynamicTypeSize) }
}

/// Where a view sits while it is resolved: its environment, its structural path (stable
/// across updates, so animations and damage can follow a view) and the session it is
/// resolved in.
@usableFromInline struct ResolveContext {
    var environment: EnvironmentValues
    @usableFromInline var path: String
    @usableFromInline var session: ResolveSession
    var stackAxis: Axis?

    @usableFromInline func child(_ index: Int) -> ResolveContext {
        var copy = self
        // One concatenation: the component is a small string, stored inline, and the
        // usual ones are spelled once rather than on every resolution.
        copy.path = path + (index < Self.components.count ? Self.components[index] : ".\(index)")
        return copy
    }

    private static let components = (0..<64).map { ".\($0)" }
    /// The component `child(0)` adds.
    static let firstComponent = components[0]

    func with(_ update: (inout EnvironmentValues) -> Void) -> ResolveContext {
        var copy = self
        update(&copy.environment)
        return copy
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
///
/// The paths are a list, not a set: an evaluation marks its path once, so a path comes twice
/// only when two evaluations of it changed, which the update takes as once; and a drag marks
/// one path a frame, where a set's storage and hashing cost more than the update's lookups.
final class ChangeTracker: @unchecked Sendable {
    private let lock = Lock()
    private var paths: [String] = []
    /// The list taken last time, emptied for the next marks once its taker let it go: a
    /// drag marks a path on every frame, and a new list each time would be allocated.
    private var taken: [String] = []
    private var all = false
    /// Wakes the kiosk's loop, asleep in poll(2), when a change is marked on another thread
    /// than the loop's (`UIHost.wakeForChangesElsewhere`); only the first mark after an
    /// update wakes it.
    private var wake: (loop: pthread_t, action: @Sendable () -> Void)?

    var isSet: Bool { lock.withLock { all || !paths.isEmpty } }

    func mark(_ path: String) {
        let wake = lock.withLock {
            defer { paths.append(path) }
            return all || !paths.isEmpty ? nil : self.wake
        }
        if let wake, pthread_equal(wake.loop, pthread_self()) == 0 { wake.action() }
    }

    func markAll() {
        let wake = lock.withLock {
            defer { all = true }
            return all || !paths.isEmpty ? nil : self.wake
        }
        if let wake, pthread_equal(wake.loop, pthread_self()) == 0 { wake.action() }
    }

    /// Calls `action` for marks made on other threads than this one.
    func wakeForMarks(elsewhere action: @escaping @Sendable () -> Void) {
        lock.withLock { wake = (pthread_self(), action) }
    }

    /// Returns what was marked (possibly with repeats) and clears it: nil means everything.
    func take() -> [String]? {
        lock.withLock {
            taken.emptyKeepingCapacity()
            swap(&paths, &taken)
            defer { all = false }
            return all ? nil : taken
        }
    }
}
