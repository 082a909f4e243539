import KioskDisplay
import Testing

@Suite("Mode selection")
struct ModeSelectionTests {
    let modes = [
        Mode(width: 1024, height: 768, refresh: 60),
        Mode(width: 1280, height: 800, refresh: 60, isPreferred: true),
        Mode(width: 1920, height: 1080, refresh: 30),
        Mode(width: 1920, height: 1080, refresh: 60),
        Mode(width: 800, height: 600, refresh: 75),
    ]

    @Test func withoutARequestThePreferredModeWins() throws {
        #expect(try ModeRequest.choose(nil, from: modes, connector: "Virtual-1") == modes[1])
    }

    @Test func withoutAPreferredModeTheLargestAndFastestWins() throws {
        let plain = modes.filter { !$0.isPreferred }
        #expect(try ModeRequest.choose(nil, from: plain, connector: "HDMI-A-1") == modes[3])
    }

    @Test func aSizeWithoutRateTakesTheFastestOfThatSize() throws {
        let request = try ModeRequest(parsing: "1920x1080")
        #expect(try ModeRequest.choose(request, from: modes, connector: "HDMI-A-1") == modes[3])
    }

    @Test func aSizeWithRateTakesExactlyThatRate() throws {
        let request = try ModeRequest(parsing: "1920x1080@30")
        #expect(request == ModeRequest(width: 1920, height: 1080, refresh: 30))
        #expect(try ModeRequest.choose(request, from: modes, connector: "HDMI-A-1") == modes[2])
    }

    @Test func anUnofferedModeNamesWhatIsOffered() {
        #expect {
            try ModeRequest.choose(ModeRequest(width: 640, height: 480), from: modes, connector: "DSI-1")
        } throws: { error in
            let text = "\(error)"
            return text.contains("640x480") && text.contains("DSI-1") && text.contains("1280x800@60")
                && text.contains("800x600@75")
        }
    }

    @Test func aConnectorWithoutModesIsAnError() {
        #expect(throws: DisplayError.self) { try ModeRequest.choose(nil, from: [], connector: "HDMI-A-2") }
    }

    @Test(arguments: ["1280", "1280x", "x800", "0x800", "1280x800@", "1280x800@0", "1280x800@60@1", "axb", "-1x5"])
    func malformedModesAreRejectedWithTheExpectedShape(_ text: String) {
        #expect {
            try ModeRequest(parsing: text)
        } throws: { error in
            "\(error)".contains(text) && ("\(error)".contains("WIDTHxHEIGHT") || "\(error)".contains("refresh"))
        }
    }
}
