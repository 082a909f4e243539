@testable import KioskDisplay
import KioskGraphics
import Testing

@Suite("Scanout format negotiation")
struct FormatChoiceTests {
    let xr24 = PixelFormat.xrgb8888.drmFourCC, rg16 = PixelFormat.rgb565.drmFourCC
    let ar24 = PixelFormat.argb8888.drmFourCC, nv12: UInt32 = 0x3231_564E

    @Test func xrgbIsPreferredWhenThePlaneHasIt() throws {
        #expect(try DRMDisplay.chooseFormat(nil, offered: [rg16, xr24], card: "card0") == .xrgb8888)
    }

    @Test func rgb565WhenThatIsAllThereIs() throws {
        #expect(try DRMDisplay.chooseFormat(nil, offered: [nv12, rg16], card: "card0") == .rgb565)
    }

    @Test func aRequestedFormatThePlaneHasIsTaken() throws {
        #expect(try DRMDisplay.chooseFormat(.rgb565, offered: [xr24, rg16], card: "card0") == .rgb565)
    }

    @Test func anUnsupportedRequestListsWhatThePlaneOffers() {
        #expect {
            try DRMDisplay.chooseFormat(.rgb565, offered: [xr24, ar24], card: "/dev/dri/card0")
        } throws: { error in
            let text = "\(error)"
            return text.contains("RGB565") && text.contains("cannot scan it out") && text.contains("XR24, AR24")
        }
    }

    @Test func aPlaneWithNoUsableFormatIsAnError() {
        #expect(throws: DisplayError.self) { try DRMDisplay.chooseFormat(nil, offered: [nv12], card: "card0") }
    }

    @Test func fourCCNamesReadAsText() {
        #expect(fourCCName(xr24) == "XR24" && fourCCName(rg16) == "RG16")
    }
}
