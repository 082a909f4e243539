import Foundation
import KioskControl
import KioskScreenFiles
import KioskViews
import Testing

/// `kiosk ctl` and the server share `ControlRequest`: what one encodes the other decodes to
/// the same request, in the bytes `kiosk ctl` has always sent.
@Suite("Control requests as Codable")
struct ControlRequestCodingTests {
    @Test("Every kind of request encodes to a line that parses back to it")
    func roundTrip() throws {
        var run = ScreenFile.TitleRun(text: "Hi", bold: true, size: 24)
        run.color = try PixelColor(hex: "#FF8000")
        let requests: [ControlRequest] = [
            .set(button: "tap", title: [ScreenFile.TitleRun(text: "Plain")], disabled: true, hidden: false),
            .set(button: "tap", title: [run, ScreenFile.TitleRun(text: " there", italic: true)], disabled: nil, hidden: nil),
            .setValue(control: "sugar", value: .number(1.5)), .setValue(control: "oat", value: .bool(true)),
            .setValue(control: "size", value: .text("Large")), .get(control: "sugar"), .screen("drinks"), .language("pt-BR"),
            .snapshot(path: "/run/kiosk/now.png"), .subscribe, .stats, .tree, .activate(.id("start")), .activate(.label("Start")),
            .accessibility(AccessibilityChange(textSize: .accessibility3, contrast: .increased, mode: .explore)),
        ]
        for request in requests {
            #expect(try ControlRequest(line: request.line) == request, "\(String(decoding: request.line, as: UTF8.self))")
        }
    }

    @Test("The line has sorted keys and escaped slashes, as JSONSerialization wrote it")
    func bytes() {
        #expect(String(decoding: ControlRequest.snapshot(path: "/tmp/now.png").line, as: UTF8.self)
                    == #"{"cmd":"snapshot","path":"\/tmp\/now.png"}"#)
        #expect(String(decoding: ControlRequest.set(button: "tap", title: [ScreenFile.TitleRun(text: "Hi")], disabled: true, hidden: nil).line,
                       as: UTF8.self) == #"{"button":"tap","cmd":"set","disabled":true,"title":"Hi"}"#)
        #expect(String(decoding: ControlRequest.setValue(control: "sugar", value: .number(2)).line, as: UTF8.self)
                    == #"{"cmd":"set","control":"sugar","value":2}"#)
    }
}
