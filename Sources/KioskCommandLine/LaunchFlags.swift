import FoundationEssentials
import Glibc
import KioskBoardProfiles
import KioskRuntime
import KioskScreenFiles

/// From the flags `kiosk run` and a `KioskApp` share to what `KioskLauncher.launch` takes.
public enum LaunchFlags {
    /// The board profile a kiosk runs with: `board` (a `--board` flag), else
    /// /etc/kiosk/board.toml when the board has one. Its font directory becomes the fonts'
    /// (unless KIOSK_FONTS says otherwise), so call this before any font is loaded.
    public static func boardProfile(_ board: String?) throws -> BoardProfile? {
        let profile = try BoardProfile.selected(board)
        if let fonts = profile?.fontDirectory { setenv("KIOSK_FONTS", fonts, 0) }
        return profile
    }

    /// The launch settings of the flags over the screen file's `[display]` over the board.
    public static func settings(display: DisplayOptions, input: InputOptions, operations: OperationsOptions,
                                size: (width: Int, height: Int)? = nil, screen: ScreenFile.Display?,
                                board: BoardProfile?) throws -> LaunchSettings {
        let flags = KioskSettings.Flags(display: display, input: input, operations: operations, size: size)
        let kiosk = KioskSettings.resolve(flags: flags, screen: screen, board: board)
        return LaunchSettings(configuration: try display.configuration(settings: kiosk, input: try input.configuration()),
                              kiosk: kiosk, operations: operations.settings)
    }
}
