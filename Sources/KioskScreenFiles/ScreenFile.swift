import FoundationEssentials
import Glibc
import KioskTOML
import KioskViews

/// A kiosk described in TOML (DESIGN.md's schema): display settings, gesture constants and
/// screens, each a grid of buttons or a column of items (labels, images, stacks, lists,
/// buttons and controls). Loading checks everything (unknown keys, types, colours,
/// icons, `goto` targets, duplicate ids) and fails with the first problem's file, line
/// and key, so nothing is drawn from a bad file.
public struct ScreenFile {
    public struct Display: Equatable {
        public var width: Int?
        public var height: Int?
        public var background: PixelColor = UIHost.defaultBackground.pixelColor
        public var rotation = 0
        /// Blank the panel after this many seconds without a touch (nil: never).
        public var idleSeconds: Int?
        /// Dark every day in this period, "22:00-06:00".
        public var blankSchedule: BlankSchedule?
        /// A /sys/class/backlight/NAME directory to switch off while blank.
        public var backlight: String?
        /// The language shown at start ("de", "ar"); its writing direction is the layout's.
        public var language: String?
        /// The text size and contrast shown at start.
        public var accessibility = AccessibilityChange()
        /// How screens change (nil: the host's, a slide).
        public var transition: ScreenTransition?

        public init() {}
    }

    /// One run of a rich title.
    public struct TitleRun: Equatable {
        public var text: String
        public var italic = false
        public var bold = false
        public var underline = false
        public var strikethrough = false
        public var size: Double?
        public var color: PixelColor?

        public init(text: String, italic: Bool = false, bold: Bool = false, underline: Bool = false,
                    strikethrough: Bool = false, size: Double? = nil, color: PixelColor? = nil) {
            self.text = text
            self.italic = italic
            self.bold = bold
            self.underline = underline
            self.strikethrough = strikethrough
            self.size = size
            self.color = color
        }
    }

    public struct ButtonSpec {
        public var id: String
        /// The title in the file's language, shown where no translation serves.
        public var title: [TitleRun] = []
        /// The title by language ("de", "pt-BR"), from `title = { de = "…" }` or `[strings.de]`.
        public var translations: [String: [TitleRun]] = [:]
        /// The language the button switches the kiosk to.
        public var language: String?
        /// The text size and contrast the button switches the kiosk to (back to the
        /// default when the kiosk has them already).
        public var accessibility = AccessibilityChange()
        public var role: ButtonRole?
        public var style = "automatic"
        public var size: ControlSize = .regular
        public var shape = "automatic"
        public var cornerRadius: Double?
        /// The icon's pixels, read when the file is loaded.
        public var icon: Canvas?
        public var iconPath: String?
        public var repeats = false
        public var longPress = false
        public var disabled = false
        public var goto: String?
        public var exec: [String]?
        /// How the title fits its button: at most this many lines, shrinking down to
        /// `minimumScale` before it is cut with "…" at `truncation`.
        public var lineLimit: Int?
        public var minimumScale: Double?
        public var truncation: Text.TruncationMode?
        /// What a screen reader calls the button (default: its title's text) and says
        /// activating it does.
        public var accessibilityLabel: String?
        public var accessibilityHint: String?
        /// Stretched over its cell (nil: the screen's `fill`); else its control size's own size.
        public var fill: Bool?
        /// Where in its cell a button of its own size sits.
        public var align: Alignment = .center
        /// The least size of the button (a touch target), in pixels.
        public var minWidth: Double?
        public var minHeight: Double?
        /// Asked before the button acts (`confirm = "Delete all?"`): a confirmation dialog
        /// whose destructive choice (the button's title) acts and whose cancel does not.
        public var confirm: String?
    }

    public struct ScreenSpec {
        public var id: String
        public var columns = 1
        public var spacing = 16.0
        public var padding = 24.0
        /// Every button stretched over its cell: the big-tile home screen.
        public var fill = false
        public var swipes: [SwipeDirection: String] = [:]
        /// How this screen comes in (nil: the display's).
        public var transition: ScreenTransition?
        public var buttons: [ButtonSpec] = []
        /// A column of labels, images, stacks, lists and controls, instead of the grid.
        public var items: [Element] = []
    }

    public var path: String
    /// Every file read for it: the screen file, then its icons and images (what a watch
    /// follows).
    public var files: [String] = []
    public var display = Display()
    public var gestures = GestureConfiguration()
    public var screens: [ScreenSpec] = []

    /// Every language a text is translated to: titles, labels, placeholders, options.
    public var languages: [String] {
        Set(screens.flatMap { screen in
            screen.allButtons.flatMap(\.translations.keys) + screen.labels.flatMap(\.translations.keys)
                + screen.controls.flatMap(\.translatedTexts).flatMap(\.translations.keys)
        }).sorted()
    }

    static let styles = ["automatic", "bordered", "borderedProminent", "borderless", "plain", "link"]
    static let shapes = ["automatic", "capsule", "circle", "roundedRectangle"]
    /// `align`'s names: SwiftUI's alignments.
    static let alignments: [(name: String, alignment: Alignment)] = [
        ("center", .center), ("top", .top), ("bottom", .bottom), ("leading", .leading), ("trailing", .trailing),
        ("topLeading", .topLeading), ("topTrailing", .topTrailing), ("bottomLeading", .bottomLeading), ("bottomTrailing", .bottomTrailing),
    ]
}

extension ScreenFile.ButtonSpec {
    /// The title for `locale`: its language with region ("pt-BR"), then without, then the
    /// file's own title.
    public func title(for locale: LanguageTag) -> [ScreenFile.TitleRun] {
        ScreenFile.translation(in: translations, for: locale) ?? title
    }
}

/// A problem in a screen file: where it is and what is wrong.
public typealias ScreenFileError = TOMLFileError<ScreenFile>
