/// What an accessibility element is and how it behaves, as a screen reader announces it
/// (SwiftUI's `AccessibilityTraits`). `isDisabled` and `isAdjustable` are KioskUI's own: the
/// tree sets them from `disabled(_:)` and `accessibilityAdjustableAction(_:)`, where UIKit
/// has `.notEnabled` and `.adjustable`.
public struct AccessibilityTraits: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let isButton = AccessibilityTraits(rawValue: 1 << 0)
    public static let isHeader = AccessibilityTraits(rawValue: 1 << 1)
    public static let isSelected = AccessibilityTraits(rawValue: 1 << 2)
    public static let isLink = AccessibilityTraits(rawValue: 1 << 3)
    public static let isSearchField = AccessibilityTraits(rawValue: 1 << 4)
    public static let isImage = AccessibilityTraits(rawValue: 1 << 5)
    public static let playsSound = AccessibilityTraits(rawValue: 1 << 6)
    public static let isKeyboardKey = AccessibilityTraits(rawValue: 1 << 7)
    public static let isStaticText = AccessibilityTraits(rawValue: 1 << 8)
    public static let isSummaryElement = AccessibilityTraits(rawValue: 1 << 9)
    public static let updatesFrequently = AccessibilityTraits(rawValue: 1 << 10)
    public static let startsMediaSession = AccessibilityTraits(rawValue: 1 << 11)
    public static let allowsDirectInteraction = AccessibilityTraits(rawValue: 1 << 12)
    public static let causesPageTurn = AccessibilityTraits(rawValue: 1 << 13)
    public static let isModal = AccessibilityTraits(rawValue: 1 << 14)
    public static let isToggle = AccessibilityTraits(rawValue: 1 << 15)
    public static let isTabBar = AccessibilityTraits(rawValue: 1 << 16)
    public static let isDisabled = AccessibilityTraits(rawValue: 1 << 17)
    public static let isAdjustable = AccessibilityTraits(rawValue: 1 << 18)
    /// KioskUI's own, as UIKit reads a text field: "text field".
    public static let isTextField = AccessibilityTraits(rawValue: 1 << 19)

    /// Every trait with the name it is written under (`"button"` for `.isButton`), in a
    /// fixed order: what the control socket's tree and a screen reader's role words use.
    public static let names: [(trait: AccessibilityTraits, name: String)] = [
        (.isButton, "button"), (.isHeader, "header"), (.isSelected, "selected"), (.isLink, "link"),
        (.isSearchField, "searchField"), (.isImage, "image"), (.playsSound, "playsSound"), (.isKeyboardKey, "keyboardKey"),
        (.isStaticText, "staticText"), (.isSummaryElement, "summaryElement"), (.updatesFrequently, "updatesFrequently"),
        (.startsMediaSession, "startsMediaSession"), (.allowsDirectInteraction, "allowsDirectInteraction"),
        (.causesPageTurn, "causesPageTurn"), (.isModal, "modal"), (.isToggle, "toggle"), (.isTabBar, "tabBar"),
        (.isDisabled, "disabled"), (.isAdjustable, "adjustable"), (.isTextField, "textField"),
    ]

    /// The names of the traits set, in `names`' order.
    public var nameList: [String] { Self.names.filter { contains($0.trait) }.map(\.name) }
}
