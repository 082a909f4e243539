import Foundation
import KioskRuntime
import Testing

@Suite struct BoardProfileTests {
    static let profiles = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("board/profiles").path

    @Test(arguments: ["qemu-bochs", "rpi4-dsi-7inch", "generic-hdmi-touch", "spi-rgb565"])
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

    @Test func profileFillsOnlyWhatFlagsLeaveUnset() throws {
        let profile = try BoardProfile(parsing: "connector = \"DSI-1\"\nmode = \"800x480\"\nrotation = 90\ncalibration = [0, 1, 0, -1, 0, 1]\n", path: "p.toml")
        var display = try DisplayOptions.parse(["--mode", "1024x600"])
        var input = try InputOptions.parse([])
        profile.apply(to: &display, input: &input, screenRotation: 0)
        #expect(display.connector == "DSI-1")
        #expect(display.mode == "1024x600")
        #expect(display.rotation == 90)
        #expect(input.calibration == "0.0 1.0 0.0 -1.0 0.0 1.0")
    }

    @Test func theScreenFilesRotationWins() throws {
        let profile = try BoardProfile(parsing: "rotation = 90\n", path: "p.toml")
        var display = try DisplayOptions.parse([])
        var input = try InputOptions.parse([])
        profile.apply(to: &display, input: &input, screenRotation: 180)
        #expect(display.rotation == nil)
    }

    @Test func idleBlankingComesFromTheProfileWhereFlagsAndTheScreenFileAreSilent() throws {
        let profile = try BoardProfile(parsing: """
            idle_seconds = 120
            blank_schedule = "22:00-06:00"
            backlight = "/sys/class/backlight/rpi_backlight"
            """, path: "p.toml")
        var quiet = try OperationsOptions.parse([])
        profile.apply(to: &quiet, screen: nil)
        #expect(quiet.idleSeconds == 120 && quiet.blankSchedule == "22:00-06:00" && quiet.backlight == "/sys/class/backlight/rpi_backlight")

        var flagged = try OperationsOptions.parse(["--idle-seconds", "30"])
        var screen = ScreenFile.Display()
        screen.backlight = "panel"
        profile.apply(to: &flagged, screen: screen)
        #expect(flagged.idleSeconds == 30, "the flag wins")
        #expect(flagged.backlight == nil, "the screen file's own backlight is used, not the profile's")
        #expect(flagged.blankSchedule == "22:00-06:00")
    }

    @Test(arguments: [
        ("connector = \"DSI-1\"\ncolour = 3\n", "p.toml:2: key \"colour\": unknown key"),
        ("rotation = 0\nidle_seconds = 0\n", "p.toml:2: key \"idle_seconds\": expected whole seconds in 1...604800"),
        ("blank_schedule = \"late\"\n", "p.toml:1: key \"blank_schedule\": a blank schedule looks like"),
        ("backlight = \"\"\n", "p.toml:1: key \"backlight\": must not be empty"),
        ("mode = \"800x480\"\nrotation = 45\n", "p.toml:2: key \"rotation\": expected 0, 90, 180 or 270"),
        ("\n\ncalibration = [1, 0, 0]\n", "p.toml:3: key \"calibration\": expected 6 numbers"),
        ("format = \"YUYV\"\n", "p.toml:1: key \"format\": expected XRGB8888 or RGB565"),
        ("mode = 800\n", "p.toml:1: key \"mode\": expected a string"),
        ("connector = \n", "p.toml:1: TOML syntax"),
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
