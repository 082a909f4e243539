import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `kiosk ctl set ID --value V` and `kiosk ctl get ID` against a running coffee kiosk.
@Suite("kiosk ctl set --value and get")
struct ControlValueCommandTests {
    func ctl(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try KioskProcess.run(["ctl"] + arguments)
    }

    @Test("A value set from the shell is read back; a wrong one exits 1 with the kiosk's reason")
    func setAndGet() throws {
        let kiosk = try HeadlessKiosk(screenFile: "examples/coffee.toml")
        defer { kiosk.stop() }
        let socket = kiosk.socket
        let set = try ctl(["set", "sugar", "--value", "1.5", "--socket", socket])
        #expect(set.status == 0 && set.stdout == #"{"ok":true,"control":"sugar","value":1.5}"# + "\n", "\(set)")
        let get = try ctl(["get", "sugar", "--socket", socket])
        #expect(get.stdout == #"{"ok":true,"control":"sugar","value":1.5}"# + "\n", "\(get)")
        let size = try ctl(["set", "size", "--value", "Large", "--socket", socket])
        #expect(size.stdout == #"{"ok":true,"control":"size","value":"Large"}"# + "\n", "\(size)")
        let wrong = try ctl(["set", "oat_milk", "--value", "2", "--socket", socket])
        #expect(wrong.status == 1 && wrong.stdout == #"{"ok":false,"error":"\"oat_milk\" takes true or false, got 2"}"# + "\n", "\(wrong)")
        let unknown = try ctl(["get", "volume", "--socket", socket])
        #expect(unknown.status == 1 && unknown.stdout.hasPrefix(#"{"ok":false,"error":"unknown control \"volume\""#), "\(unknown)")
    }

    @Test("--value sets a control and cannot be mixed with a button's changes")
    func valueWithTitle() throws {
        let result = try ctl(["set", "sugar", "--value", "1", "--title", "x", "--socket", "/tmp/none.sock"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("kiosk: --value sets a control; --title, --title-runs, --disabled and --hidden change a button"),
                "\(result.stderr)")
    }
}
