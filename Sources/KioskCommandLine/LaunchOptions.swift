import ArgumentParser
import KioskBoardProfiles
import KioskRuntime
import KioskScreenFiles

/// The flags `kiosk run` and a `KioskApp` launch with: the display, the input, the
/// operations and the board profile.
public struct LaunchOptions: ParsableArguments {
    @OptionGroup(title: "Display")
    public var display: DisplayOptions

    @OptionGroup(title: "Input")
    public var input: InputOptions

    @OptionGroup(title: "Operations")
    public var operations: OperationsOptions

    @Option(help: "A board profile: a name (board/profiles/NAME.toml, /etc/kiosk/boards/) or a path; default /etc/kiosk/board.toml when present. Flags and a screen file override it.")
    public var board: String?

    public init() {}

    /// The board profile named by `--board` (or the board's own); call it before any font is loaded.
    public func boardProfile() throws -> BoardProfile? { try LaunchFlags.boardProfile(board) }

    /// The launch settings of these flags over the screen file's `[display]` over the board.
    public func settings(size: PanelSize? = nil, screen: ScreenFile.Display?, board profile: BoardProfile?) throws -> LaunchSettings {
        try LaunchFlags.settings(display: display, input: input, operations: operations,
                                 size: size.map { ($0.width, $0.height) }, screen: screen, board: profile)
    }
}
