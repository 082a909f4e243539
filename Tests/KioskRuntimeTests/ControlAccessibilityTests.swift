import Foundation
import KioskControl
import KioskRuntime
import KioskViews
import Testing

@Suite("Control socket accessibility", .serialized)
struct ControlAccessibilityTests {
    @Test("tree and activate parse; what is wrong with them is said")
    func parsing() throws {
        func parse(_ text: String) -> Result<ControlRequest, ControlError> {
            Result { () throws(ControlError) in try ControlRequest(line: Array(text.utf8)) }
        }
        #expect(try parse(#"{"cmd":"tree"}"#).get() == .tree)
        #expect(try parse(#"{"cmd":"activate","id":"tap"}"#).get() == .activate(.id("tap")))
        #expect(try parse(#"{"cmd":"activate","label":"Before"}"#).get() == .activate(.label("Before")))
        let errors: [(String, String)] = [
            (#"{"cmd":"activate"}"#, #"activate needs "id" or "label""#),
            (#"{"cmd":"activate","id":"a","label":"b"}"#, #"activate takes "id" or "label", not both"#),
            (#"{"cmd":"activate","id":3}"#, #""id" must be a non-empty string"#),
            (#"{"cmd":"tree","id":"x"}"#, #"unknown key "id" for tree"#),
        ]
        for (line, message) in errors {
            #expect(throws: ControlError(message), "\(line)") { try ControlRequest(line: Array(line.utf8)) }
        }
    }

    /// `{"x":…,"y":…,"width":…,"height":…}` of a button, as the tree writes it.
    func frame(_ kiosk: ControlledKiosk, _ id: String) throws -> String {
        let f = try #require(kiosk.host.frame(ofButton: id))
        return #"{"x":\#(Int(f.minX)),"y":\#(Int(f.minY)),"width":\#(Int(f.width)),"height":\#(Int(f.height))}"#
    }

    @Test("tree lists the screen's buttons as JSON in reading order")
    func tree() throws {
        let kiosk = try ControlledKiosk()
        let client = try SocketClient(path: kiosk.path)
        client.send(#"{"cmd":"tree"}"# + "\n")
        let expected = #"{"ok":true,"screen":"main","elements":["#
            + #"{"id":"tap","label":"Before","value":"","hint":"","traits":["button"],"frame":\#(try frame(kiosk, "tap"))},"#
            + #"{"id":"other","label":"Other","value":"","hint":"","traits":["button"],"frame":\#(try frame(kiosk, "other"))}]}"#
        #expect(client.read(1, from: kiosk) == [expected])
    }

    @Test("activate presses a button by id or label once, logs it as a trigger, and refuses what it cannot do")
    func activate() throws {
        let kiosk = try ControlledKiosk()
        let client = try SocketClient(path: kiosk.path)
        client.send(#"{"cmd":"activate","id":"tap"}"# + "\n")
        #expect(client.read(1, from: kiosk) == [#"{"ok":true,"id":"tap"}"#])
        #expect(kiosk.log.count == 1)
        #expect(kiosk.log.first?.hasSuffix(#""button":"tap","event":"triggered","cause":"accessibility"}"#) == true, "\(kiosk.log)")

        client.send(#"{"cmd":"set","button":"tap","disabled":true}"# + "\n")
        client.send(#"{"cmd":"activate","id":"tap"}"# + "\n")
        client.send(#"{"cmd":"activate","id":"nope"}"# + "\n")
        client.send(#"{"cmd":"activate","label":"Nothing"}"# + "\n")
        #expect(client.read(4, from: kiosk) == [
            #"{"ok":true}"#,
            #"{"ok":false,"error":"\"tap\" is disabled"}"#,
            #"{"ok":false,"error":"no accessibility element \"nope\" on the screen shown"}"#,
            #"{"ok":false,"error":"no element labelled \"Nothing\" (labels: \"Before\", \"Other\")"}"#,
        ])
        #expect(kiosk.log.count == 1)

        client.send(#"{"cmd":"activate","label":"Other"}"# + "\n")
        #expect(client.read(1, from: kiosk) == [#"{"ok":true,"id":"other"}"#])
        #expect(kiosk.host.currentScreen == "settings")
        #expect(kiosk.log.count == 3)
        #expect(kiosk.log.last?.hasSuffix(#""event":"screen","screen":"settings"}"#) == true, "\(kiosk.log)")
    }

    @Test("With speech, an activated element is announced by label and role, logged as speak, and a refused one is not")
    func announce() throws {
        let kiosk = try ControlledKiosk()
        var spoken: [String] = []
        kiosk.scene.speak = { text, locale in spoken.append("\(locale.identifier): \(text)") }
        let client = try SocketClient(path: kiosk.path)
        client.send(#"{"cmd":"activate","label":"Before"}"# + "\n")
        client.send(#"{"cmd":"set","button":"other","disabled":true}"# + "\n")
        client.send(#"{"cmd":"activate","id":"other"}"# + "\n")
        #expect(client.read(3, from: kiosk).map { $0.hasPrefix(#"{"ok":true"#) } == [true, true, false])
        #expect(spoken == ["en: Before, button"])
        #expect(kiosk.log.count == 2)
        #expect(kiosk.log.last?.hasSuffix(#""event":"speak","text":"Before, button"}"#) == true, "\(kiosk.log)")
    }
}
