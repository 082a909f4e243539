import KioskBoardProfiles
import KioskInput
import KioskRuntime
import KioskScreenFiles
import Testing

/// Flags win over the screen file, the screen file over the board profile, each setting on
/// its own; a setting none of them gives has its default.
@Suite("Settings precedence")
struct KioskSettingsTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var flags: @Sendable () throws -> KioskSettings.Flags = { KioskSettings.Flags() }
        var screen: String? = nil
        var board: String? = nil
        var expect: @Sendable (KioskSettings) throws -> Bool
        var testDescription: String { name }
    }

    static let board = """
        connector = "DSI-1"
        mode = "800x480"
        format = "RGB565"
        rotation = 90
        calibration = [0, 1, 0, -1, 0, 1]
        idle_seconds = 120
        blank_schedule = "22:00-06:00"
        backlight = "/sys/class/backlight/board"
        """

    static let cases: [Case] = [
        Case(name: "nothing given: the defaults") {
            $0.rotation == .none && $0.calibration == .identity && $0.connector == nil && $0.idleSeconds == nil
                && $0.headlessWidth == 1280 && $0.headlessHeight == 800
        },
        Case(name: "the board alone", board: board) {
            try $0.connector == "DSI-1" && $0.mode == "800x480" && $0.format == "RGB565" && $0.rotation == .quarter
                && $0.calibration == CalibrationMatrix([0, 1, 0, -1, 0, 1]) && $0.idleSeconds == 120
                && $0.blankSchedule == BlankSchedule(parsing: "22:00-06:00") && $0.backlight == "/sys/class/backlight/board"
        },
        Case(name: "the screen file over the board", screen: "rotation = 270\nidle_seconds = 30\nbacklight = \"/sys/class/backlight/screen\"\nblank_schedule = \"23:00-05:00\"",
             board: board) {
            try $0.rotation == .threeQuarters && $0.idleSeconds == 30 && $0.backlight == "/sys/class/backlight/screen"
                && $0.blankSchedule == BlankSchedule(parsing: "23:00-05:00") && $0.connector == "DSI-1"
        },
        Case(name: "a screen file's rotation 0 leaves the board's", screen: "rotation = 0", board: board) {
            $0.rotation == .quarter
        },
        Case(name: "flags over the screen file and the board",
             flags: { KioskSettings.Flags(connector: "HDMI-A-1", mode: "1024x600", format: "XRGB8888", rotation: 180,
                                          calibration: try CalibrationMatrix([1, 0, 0, 0, 1, 0]), idleSeconds: 10,
                                          blankSchedule: try BlankSchedule(parsing: "01:00-02:00"), backlight: "/flag") },
             screen: "rotation = 270\nidle_seconds = 30\nbacklight = \"/screen\"", board: board) {
            try $0.connector == "HDMI-A-1" && $0.mode == "1024x600" && $0.format == "XRGB8888" && $0.rotation == .half
                && $0.calibration == .identity && $0.idleSeconds == 10 && $0.backlight == "/flag"
                && $0.blankSchedule == BlankSchedule(parsing: "01:00-02:00")
        },
        Case(name: "a flag's rotation 0 is given, and wins", flags: { KioskSettings.Flags(rotation: 0) },
             screen: "rotation = 270", board: board) {
            $0.rotation == .none
        },
        Case(name: "the headless size: --size over the screen file; the board has none",
             flags: { KioskSettings.Flags(size: (640, 480)) }, screen: "width = 800\nheight = 600", board: board) {
            $0.headlessWidth == 640 && $0.headlessHeight == 480
        },
        Case(name: "the screen file's size without --size", screen: "width = 800\nheight = 600") {
            $0.headlessWidth == 800 && $0.headlessHeight == 600
        },
    ]

    @Test(arguments: cases)
    func precedence(_ test: Case) throws {
        let screen = try test.screen.map { try ScreenFile(parsing: "[display]\n\($0)\n[[screens]]\nid = \"main\"\n", path: "s.toml").display }
        let board = try test.board.map { try BoardProfile(parsing: $0, path: "b.toml") }
        let settings = KioskSettings.resolve(flags: try test.flags(), screen: screen, board: board)
        #expect(try test.expect(settings), "\(settings)")
    }
}
