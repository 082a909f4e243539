import ArgumentParser
import KioskCommandLine
import FoundationEssentials
import KioskCore
import KioskControl
import KioskRuntime
#if canImport(Glibc)
import Glibc
#endif

/// `kiosk ctl`: the control socket's client for shells and scripts. Each subcommand sends
/// one JSON line and prints the reply line; a reply with `"ok":false` exits 1.
/// `subscribe` then prints the event log as it happens, until the kiosk goes away.
struct CtlCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ctl", abstract: "Talk to a running kiosk through its control socket.",
        subcommands: [SetButton.self, GetValue.self, ShowScreen.self, SetLanguage.self, TakeSnapshot.self, SubscribeLog.self, ShowStats.self,
                       ShowTree.self, Activate.self, SetAccessibility.self])

    struct SocketOption: ParsableArguments {
        @Option(help: "The kiosk's control socket.")
        var socket = KioskOperations.Settings.defaultControlPath
    }

    struct SetButton: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set",
                                                        abstract: "Change a button (its title, disabled, hidden) or a control's value.")
        @OptionGroup var socket: SocketOption
        @Argument(help: "The button's or control's id.") var button: String
        @Option(help: "A control's new value: true or false, a number, or text (JSON for a string that reads as either).")
        var value: String?
        @Option(help: "A plain title.") var title: String?
        @Option(help: "A rich title as JSON runs, e.g. '[{\"text\":\"Hi\",\"bold\":true}]'.") var titleRuns: String?
        @Option(help: "true or false.") var disabled: Bool?
        @Option(help: "true or false.") var hidden: Bool?

        func validate() throws {
            guard title == nil || titleRuns == nil else { throw ValidationError("use --title or --title-runs, not both") }
            guard value == nil || (title == nil && titleRuns == nil && disabled == nil && hidden == nil) else {
                throw ValidationError("--value sets a control; --title, --title-runs, --disabled and --hidden change a button")
            }
            guard value != nil || title != nil || titleRuns != nil || disabled != nil || hidden != nil else {
                throw ValidationError("say what to change: --value, --title, --title-runs, --disabled or --hidden")
            }
            _ = try request()
        }

        func run() throws {
            try CtlCommand.send(try request(), to: socket.socket)
        }

        /// The request, checked as the kiosk will check it: a bad --title-runs says what is
        /// wrong with it.
        private func request() throws -> ControlRequest {
            var fields: [String: JSONValue] = ["cmd": .string("set")]
            if let value {
                fields["control"] = .string(button)
                // A boolean or a number as JSON reads it; anything else is the text itself.
                switch try? JSONDecoder().decode(JSONValue.self, from: Data(value.utf8)) {
                case let scalar? where scalar.isScalar: fields["value"] = scalar
                default: fields["value"] = .string(value)
                }
            } else {
                fields["button"] = .string(button)
            }
            if let title { fields["title"] = .string(title) }
            if let titleRuns {
                do {
                    fields["title"] = try JSONDecoder().decode(JSONValue.self, from: Data(titleRuns.utf8))
                } catch {
                    throw ValidationError("--title-runs is not JSON (\(ControlRequest.reason(error))): \(titleRuns)")
                }
            }
            fields["disabled"] = disabled.map(JSONValue.bool)
            fields["hidden"] = hidden.map(JSONValue.bool)
            do {
                return try ControlRequest(fields: fields)
            } catch {
                throw ValidationError((titleRuns != nil ? "--title-runs: " : "") + error.message)
            }
        }
    }

    struct GetValue: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "get", abstract: "Print a control's value (a secure field's length).")
        @OptionGroup var socket: SocketOption
        @Argument(help: "The control's id.") var control: String
        func run() throws { try CtlCommand.send(.get(control: control), to: socket.socket) }
    }

    struct ShowScreen: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "screen", abstract: "Switch to another screen.")
        @OptionGroup var socket: SocketOption
        @Argument(help: "The screen's id.") var screen: String
        func run() throws { try CtlCommand.send(.screen(screen), to: socket.socket) }
    }

    struct SetLanguage: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "language",
                                                        abstract: "Show every screen in another language (its writing direction too).")
        @OptionGroup var socket: SocketOption
        @Argument(help: "A language tag: de, ar, pt-BR.") var language: String
        func run() throws { try CtlCommand.send(.language(language), to: socket.socket) }
    }

    struct SetAccessibility: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "accessibility",
                                                        abstract: "Change the kiosk's text size or contrast (every screen reflows and redraws), or switch the screen reader's explore by touch.")
        @OptionGroup var socket: SocketOption
        @OptionGroup var settings: ReadabilityOptions

        @Option(help: ArgumentHelp("Explore by touch: on (a touch reads, a double tap activates) or off.", valueName: "on|off"))
        var explore: Switch?

        enum Switch: String, ExpressibleByArgument {
            case on, off
        }

        func validate() throws {
            guard settings.textSize != nil || settings.contrast != nil || explore != nil else {
                throw ValidationError("give --text-size, --contrast, --explore or several")
            }
        }

        func run() throws {
            var fields: [String: JSONValue] = ["cmd": .string("accessibility")]
            fields["text_size"] = settings.textSize.map(JSONValue.string)
            fields["contrast"] = settings.contrast.map(JSONValue.string)
            fields["explore"] = explore.map { .bool($0 == .on) }
            try CtlCommand.send(try ControlRequest(fields: fields), to: socket.socket)
        }
    }

    struct TakeSnapshot: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "snapshot", abstract: "Write the current frame as PNG into the kiosk's snapshot directory (the kiosk writes it).")
        @OptionGroup var socket: SocketOption
        @Argument(help: "The PNG's name in the kiosk's snapshot directory (its --snapshot-dir, by default the control socket's directory), or a path inside it.")
        var path: String
        func run() throws { try CtlCommand.send(.snapshot(path: path), to: socket.socket) }
    }

    struct SubscribeLog: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "subscribe", abstract: "Print the event log as JSON lines while the kiosk runs.")
        @OptionGroup var socket: SocketOption
        func run() throws { try CtlCommand.send(.subscribe, to: socket.socket, stream: true) }
    }

    struct ShowStats: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "stats", abstract: "Frames, flips, latency, wake-ups, memory.")
        @OptionGroup var socket: SocketOption
        func run() throws { try CtlCommand.send(.stats, to: socket.socket) }
    }

    struct ShowTree: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "tree",
                                                        abstract: "Print the screen's accessibility elements (label, traits, frame) as JSON, in reading order.")
        @OptionGroup var socket: SocketOption
        func run() throws { try CtlCommand.send(.tree, to: socket.socket) }
    }

    struct Activate: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "activate",
                                                        abstract: "Perform an element's default action (press a button) by its id or its label.")
        @OptionGroup var socket: SocketOption
        @Argument(help: "The element's id, as `kiosk ctl tree` lists it.") var id: String?
        @Option(help: "The element's label instead of its id.") var label: String?

        func validate() throws {
            guard (id == nil) != (label == nil) else { throw ValidationError("give an element's id or --label, one of them") }
        }

        func run() throws {
            try CtlCommand.send(.activate(id.map(ControlRequest.AccessibilityTarget.id) ?? .label(label ?? "")), to: socket.socket)
        }
    }

    /// Sends `request` as one line and prints the reply; with `stream`, every line after it
    /// too, until the socket closes.
    static func send(_ request: ControlRequest, to path: String, stream: Bool = false) throws {
        let fd = try connect(to: path)
        defer { close(fd) }
        let line = request.line + Data("\n".utf8)
        let sent = line.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == line.count else { throw ValidationFailure("cannot send to \(path): \(String(cString: strerror(errno)))") }
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var first = true
        while true {
            while let newline = pending.firstIndex(of: 10) {
                let reply = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeFirst(newline + 1)
                StandardStream.output.write(reply + "\n")
                if first, reply.hasPrefix("{\"ok\":false") { throw ExitCode(1) }
                if !stream { return }
                first = false
            }
            let n = recv(fd, &buffer, buffer.count, 0)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                if first { throw ValidationFailure("the kiosk closed \(path) without a reply") }
                return
            }
            pending += buffer[0..<n]
        }
    }

    private static func connect(to path: String) throws -> Int32 {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { throw ValidationFailure("socket path too long: \(path)") }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ValidationFailure("cannot create a socket: \(String(cString: strerror(errno)))") }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard result == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw ValidationFailure("cannot connect to \(path): \(reason) (is a kiosk running? give its control socket, "
                                    + "the path of its --control, with --socket)")
        }
        return fd
    }
}
