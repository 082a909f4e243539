import KioskViews

/// A change to how the kiosk is drawn for people who need larger text or more contrast:
/// what the control socket's `accessibility` request, `kiosk ctl accessibility`, the
/// `--text-size`/`--contrast` flags, a board profile's `[accessibility]` table and a screen
/// file's `[display]` and buttons carry, and the screen reader's explore by touch (the
/// socket, `kiosk ctl accessibility --explore`, a board profile). A nil field leaves that
/// setting as it is.
public struct AccessibilityChange: Equatable, Sendable {
    public var textSize: DynamicTypeSize?
    public var contrast: ColorSchemeContrast?
    public var mode: AccessibilityMode?

    public init(textSize: DynamicTypeSize? = nil, contrast: ColorSchemeContrast? = nil, mode: AccessibilityMode? = nil) {
        self.textSize = textSize
        self.contrast = contrast
        self.mode = mode
    }

    /// True when it changes nothing.
    public var isEmpty: Bool { textSize == nil && contrast == nil && mode == nil }

    /// The settings of `self`, then those of `other` where `self` leaves them (flags over
    /// the screen file over the board profile).
    public func over(_ other: AccessibilityChange?) -> AccessibilityChange {
        AccessibilityChange(textSize: textSize ?? other?.textSize, contrast: contrast ?? other?.contrast, mode: mode ?? other?.mode)
    }

    /// Sets what it changes on `host`, which redraws what that changes.
    public func apply(to host: UIHost) {
        if let textSize { host.dynamicTypeSize = textSize }
        if let contrast { host.colorSchemeContrast = contrast }
        if let mode { host.accessibilityMode = mode }
    }

    /// A button's switch: each setting it names goes to its value, or back to the default
    /// (`large`, `standard`) when the kiosk shows that value already, so one button both
    /// turns larger text on and off.
    public func toggle(on navigator: Navigator) {
        if let textSize { navigator.dynamicTypeSize = navigator.dynamicTypeSize == textSize ? .large : textSize }
        if let contrast { navigator.colorSchemeContrast = navigator.colorSchemeContrast == contrast ? .standard : contrast }
    }

    /// The text sizes by their SwiftUI names, smallest first: xSmall … xxxLarge,
    /// accessibility1 … accessibility5.
    public static let textSizeNames = DynamicTypeSize.allCases.map(name(of:))
    /// "standard" and "increased".
    public static let contrastNames = ColorSchemeContrast.allCases.map(name(of:))

    public static func name(of size: DynamicTypeSize) -> String { String(describing: size) }
    public static func name(of contrast: ColorSchemeContrast) -> String { String(describing: contrast) }

    /// The size called `name`, or an error listing the names there are.
    public static func textSize(named name: String) throws(NameError) -> DynamicTypeSize {
        guard let size = DynamicTypeSize.allCases.first(where: { Self.name(of: $0) == name }) else {
            throw NameError(message: "\"\(name)\" is not a text size (one of \(textSizeNames.joined(separator: ", ")))")
        }
        return size
    }

    /// The contrast called `name`, or an error listing the names there are.
    public static func contrast(named name: String) throws(NameError) -> ColorSchemeContrast {
        guard let contrast = ColorSchemeContrast.allCases.first(where: { Self.name(of: $0) == name }) else {
            throw NameError(message: "\"\(name)\" is not a contrast (one of \(contrastNames.joined(separator: ", ")))")
        }
        return contrast
    }

    /// A name that is not a text size or contrast; the message lists the valid ones.
    public struct NameError: Error, Equatable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }
}
