import Foundation
import KioskControl
import KioskGraphics
import KioskRuntime
import KioskScreenFiles
import KioskViews
import Testing

/// `set` and `get` on a screen file's controls over the control socket's protocol: a value
/// that fits is stored and drawn; an unknown control or a value of the wrong type or out
/// of range is a JSON error reply that changes nothing.
@MainActor
@Suite("Control values over the socket")
struct ControlValueSocketTests {
    let values = ControlValues()
    let host: UIHost
    let controller: KioskController
    let canvas: Canvas

    init() throws {
        let file = try ScreenFile(contentsOf: repositoryRoot + "/examples/coffee.toml")
        host = file.makeHost(size: Size(width: 1280, height: 800), textEngine: try KioskTextEngine(), values: values) { _ in }
        canvas = try Canvas(width: 1280, height: 800)
        let scene = HostScene(host: host, start: 0) { _ in }
        controller = KioskController(scene: scene, buttons: ["cancel"], overrides: ButtonOverrides(), values: values,
                                     snapshots: SnapshotDirectory(socketPath: "/tmp/kiosk-values.sock"), encoder: try SnapshotEncoder(),
                                     currentFrame: { fatalError("no snapshots here") }, stats: { KioskStats() })
        host.render(into: canvas)
    }

    func send(_ line: String) -> String {
        do {
            var reply = ""
            controller.perform(try ControlRequest(line: Array(line.utf8))) { reply = $0 }
            return reply
        } catch {
            return ControlReply.error(error.message)
        }
    }

    @Test("set then get round-trips each kind of value, and the screen redraws")
    func roundTrip() throws {
        #expect(send(#"{"cmd":"get","control":"sugar"}"#) == #"{"ok":true,"control":"sugar","value":0}"#)
        #expect(send(#"{"cmd":"set","control":"sugar","value":1.4}"#) == #"{"ok":true,"control":"sugar","value":1.5}"#, "snapped to the step")
        #expect(send(#"{"cmd":"get","control":"sugar"}"#) == #"{"ok":true,"control":"sugar","value":1.5}"#)
        #expect(send(#"{"cmd":"set","control":"oat_milk","value":true}"#) == #"{"ok":true,"control":"oat_milk","value":true}"#)
        #expect(send(#"{"cmd":"set","control":"size","value":"Small"}"#) == #"{"ok":true,"control":"size","value":"Small"}"#)
        #expect(send(#"{"cmd":"set","control":"shots","value":3}"#) == #"{"ok":true,"control":"shots","value":3}"#)
        #expect(send(#"{"cmd":"set","control":"brewing","value":0.8}"#) == #"{"ok":true,"control":"brewing","value":0.8}"#)
        #expect(send(#"{"cmd":"set","control":"pin","value":"0000"}"#) == #"{"ok":true,"control":"pin","value":"0000"}"#)
        #expect(send(#"{"cmd":"get","control":"pin"}"#) == #"{"ok":true,"control":"pin","length":4}"#, "a secure field's text stays secret")
        #expect(values["oat_milk"] == .bool(true) && values["size"] == .text("Small") && values["shots"] == .number(3))
        #expect(host.needsFrame)
        let damage = host.render(into: canvas)
        #expect(!damage.isEmpty)
    }

    @Test("An unknown control, a value of the wrong type or out of range is an error reply that changes nothing")
    func errors() throws {
        let before = values.values
        #expect(send(#"{"cmd":"set","control":"volume","value":0.4}"#)
                == #"{"ok":false,"error":"unknown control \"volume\" (controls: brewing, loyalty, oat_milk, pin, shots, size, sugar, waiting)"}"#)
        #expect(send(#"{"cmd":"get","control":"volume"}"#).hasPrefix(#"{"ok":false,"error":"unknown control \"volume\""#))
        #expect(send(#"{"cmd":"set","control":"sugar","value":"lots"}"#)
                == #"{"ok":false,"error":"\"sugar\" takes a number in 0...3, got \"lots\""}"#)
        #expect(send(#"{"cmd":"set","control":"sugar","value":7}"#) == #"{"ok":false,"error":"\"sugar\" takes a number in 0...3, got 7"}"#)
        #expect(send(#"{"cmd":"set","control":"oat_milk","value":1}"#) == #"{"ok":false,"error":"\"oat_milk\" takes true or false, got 1"}"#)
        #expect(send(#"{"cmd":"set","control":"size","value":"Huge"}"#)
                == #"{"ok":false,"error":"\"size\" takes one of \"Small\", \"Medium\", \"Large\", got \"Huge\""}"#)
        #expect(send(#"{"cmd":"set","control":"waiting","value":0.5}"#)
                == #"{"ok":false,"error":"\"waiting\" takes nothing (a spinner has no value), got 0.5"}"#)
        #expect(send(#"{"cmd":"set","control":"sugar"}"#) == #"{"ok":false,"error":"set needs \"value\" for a control"}"#)
        #expect(send(#"{"cmd":"set","control":"sugar","value":[1]}"#) == #"{"ok":false,"error":"\"value\" must be true or false, a number or a string"}"#)
        #expect(send(#"{"cmd":"set","control":"sugar","value":1,"title":"x"}"#)
                == #"{"ok":false,"error":"set takes \"control\" and \"value\", or \"button\" and its changes, not \"title\" with \"control\""}"#)
        #expect(values.values == before)
        #expect(!host.needsFrame, "nothing to redraw")
    }
}
