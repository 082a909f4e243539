import Foundation
import KioskBoardProfiles
import KioskCommandLine
import KioskInput
import KioskRuntime
import KioskScreenFiles
import Testing

@Suite struct BoardProfileTests {
    static let profiles = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("board/profiles").path

    @Test(arguments: ["qemu-bochs", "rpi4-dsi-7inch", "generic-hdmi-touch", "spi-rgb565", "rpi4-hdmi-touch",
                      "rpi5-dsi-7inch", "rpi5-hdmi-touch", "imx8mp-evk-hdmi", "rk3568-hdmi-touch"])
    func shippedProfilesLoad(name: String) throws {
        let profile = try BoardProfile.resolve("\(Self.profiles)/\(name).toml")
        #expect(profile.calibration?.count == 6)
        #expect(profile.fontDirectory == "/opt/kiosk/current/fonts")
    }

    @Test func theDSIPanelIsTheOfficialSevenInch() throws {
        let profile = try BoardProfile.resolve("\(Self.profiles)/rpi4-dsi-7inch.toml")
        #expect(profile.connector == "DSI-1")
        #expect(profile.mode == "800x480")
        #expect(profile.rotation == 180)
    }

    @Test(arguments: [
        ("rpi4-dsi-7inch", "vc4", "DSI-1", "800x480", "edt_ft5x06"),
        ("rpi4-hdmi-touch", "vc4", "HDMI-A-1", "1920x1080", "hid_multitouch"),
        ("rpi5-dsi-7inch", "drm-rp1-dsi", "DSI-2", "800x480", "drm_rp1_dsi"),
        ("rpi5-hdmi-touch", "vc4", "HDMI-A-1", "1920x1080", "vc4"),
        ("imx8mp-evk-hdmi", "imx-lcdif", "HDMI-A-1", "1920x1080", "imx8mp_hdmi_tx"),
        ("rk3568-hdmi-touch", "rockchip", "HDMI-A-1", "1920x1080", "rockchipdrm"),
    ])
    func armBoardsNameTheirDriverConnectorModeAndModules(name: String, driver: String, connector: String,
                                                          mode: String, module: String) throws {
        let profile = try BoardProfile.resolve("\(Self.profiles)/\(name).toml")
        #expect(profile.driver == driver)
        #expect(profile.connector == connector)
        #expect(profile.mode == mode)
        #expect(profile.modules.contains(module))
    }

    @Test func theDriverAndModulesReachTheDisplayUnlessFlagged() throws {
        let profile = try BoardProfile(parsing: "driver = \"vc4\"\nmodules = [\"vc4\", \"edt-ft5x06\"]\n", path: "p.toml")
        let input = try InputOptions.parse([]).configuration()
        let display = try DisplayOptions.parse([])
        let settings = KioskSettings.resolve(flags: KioskSettings.Flags(driver: display.driver, modules: display.modules),
                                             screen: nil, board: profile)
        let drm = try display.configuration(settings: settings, input: input).drm
        #expect(drm.driver == "vc4" && drm.modules == ["vc4", "edt-ft5x06"])

        let flagged = KioskSettings.resolve(flags: KioskSettings.Flags(driver: "drm-rp1-dsi", modules: ["drm_rp1_dsi"]),
                                            screen: nil, board: profile)
        #expect(flagged.driver == "drm-rp1-dsi" && flagged.modules == ["drm_rp1_dsi"])
    }

    @Test func profileFillsOnlyWhatFlagsLeaveUnset() throws {
        let profile = try BoardProfile(parsing: "connector = \"DSI-1\"\nmode = \"800x480\"\nrotation = 90\ncalibration = [0, 1, 0, -1, 0, 1]\n", path: "p.toml")
        let flags = KioskSettings.Flags(mode: "1024x600")
        let settings = KioskSettings.resolve(flags: flags, screen: nil, board: profile)
        #expect(settings.connector == "DSI-1")
        #expect(settings.mode == "1024x600")
        #expect(settings.rotation == .quarter)
        #expect(settings.calibration == (try CalibrationMatrix(parsing: "0.0 1.0 0.0 -1.0 0.0 1.0")))
    }

    @Test func theScreenFilesRotationWins() throws {
        let profile = try BoardProfile(parsing: "rotation = 90\n", path: "p.toml")
        var screen = ScreenFile.Display()
        screen.rotation = 180
        #expect(KioskSettings.resolve(flags: KioskSettings.Flags(), screen: screen, board: profile).rotation == .half)
    }

    @Test func idleBlankingComesFromTheProfileWhereFlagsAndTheScreenFileAreSilent() throws {
        let profile = try BoardProfile(parsing: """
            idle_seconds = 120
            blank_schedule = "22:00-06:00"
            backlight = "/sys/class/backlight/rpi_backlight"
            """, path: "p.toml")
        let nightly = try BlankSchedule(parsing: "22:00-06:00")
        let quiet = KioskSettings.resolve(flags: KioskSettings.Flags(), screen: nil, board: profile)
        #expect(quiet.idleSeconds == 120 && quiet.blankSchedule == nightly && quiet.backlight == "/sys/class/backlight/rpi_backlight")

        let flags = KioskSettings.Flags(display: try DisplayOptions.parse([]), input: try InputOptions.parse([]),
                                        operations: try OperationsOptions.parse(["--idle-seconds", "30"]))
        var screen = ScreenFile.Display()
        screen.backlight = "panel"
        let flagged = KioskSettings.resolve(flags: flags, screen: screen, board: profile)
        #expect(flagged.idleSeconds == 30, "the flag wins")
        #expect(flagged.backlight == "panel", "the screen file's own backlight is used, not the profile's")
        #expect(flagged.blankSchedule == nightly)
    }

    @Test(arguments: [
        ("connector = \"DSI-1\"\ncolour = 3\n", "p.toml:2: key \"colour\": unknown key"),
        ("rotation = 0\nidle_seconds = 0\n", "p.toml:2: key \"idle_seconds\": expected whole seconds in 1...604800"),
        ("blank_schedule = \"late\"\n", "p.toml:1: key \"blank_schedule\": a blank schedule looks like"),
        ("backlight = \"\"\n", "p.toml:1: key \"backlight\": must not be empty"),
        ("\nlanguage = \"xx\"\n", "p.toml:2: key \"language\": unknown language \"xx\""),
        ("mode = \"800x480\"\nrotation = 45\n", "p.toml:2: key \"rotation\": expected 0, 90, 180 or 270"),
        ("\n\ncalibration = [1, 0, 0]\n", "p.toml:3: key \"calibration\": expected 6 numbers"),
        ("format = \"YUYV\"\n", "p.toml:1: key \"format\": expected XRGB8888 or RGB565"),
        ("mode = 800\n", "p.toml:1: key \"mode\": expected a string"),
        ("connector = \n", "p.toml:1: TOML syntax"),
        ("mode = \"800x480\"\ndriver = \"\"\n", "p.toml:2: key \"driver\": must not be empty"),
        ("modules = \"vc4\"\n", "p.toml:1: key \"modules\": expected kernel module names"),
        ("modules = []\n", "p.toml:1: key \"modules\": expected kernel module names"),
        ("\nmodules = [\"vc4\", 3]\n", "p.toml:2: key \"modules\": expected kernel module names"),
        ("modules = [\"vc4; rm -rf /\"]\n", "p.toml:1: key \"modules\": expected kernel module names"),
    ])
    func badProfilesNameFileLineAndKey(text: String, expected: String) {
        #expect {
            try BoardProfile(parsing: text, path: "p.toml")
        } throws: { error in
            "\(error)".hasPrefix(expected)
        }
    }

    @Test func anUnknownNameSaysWhereItLooked() {
        #expect {
            try BoardProfile.resolve("no-such-board", executable: "/opt/kiosk/current/bin/kiosk")
        } throws: { error in
            "\(error)".contains("no board profile of that name") && "\(error)".contains("/opt/kiosk/current/profiles/no-such-board.toml")
        }
    }
}
