import ArgumentParser
import Foundation
import KioskControl
import KioskGestures
import KioskGraphics
import KioskRuntime
import KioskUI

/// `APP snapshot`: a `KioskApp`'s screen rendered headless into a PNG, optionally after a
/// touch script up to a time, exactly as `kiosk snapshot` does for a screen file.
struct KioskAppSnapshot<App: KioskApp>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "snapshot", abstract: "Render a screen of this kiosk to a PNG.")
    }

    @Option(help: "The PNG to write.")
    var out: String

    @Option(help: "The UI size, WxH (default 1280x800).")
    var size: String?

    @Option(help: "The screen to show (default: the first).")
    var screen: String?

    @Option(help: "A touch script to play first.")
    var touches: String?

    @Option(help: "Milliseconds into the touch script to capture (default: its end).")
    var at: Int?

    func run() throws {
        try reportingToolFailures {
            let simulation = try Simulation(host: try makeAppHost(App.self, size: size, screen: screen))
            let script = try touches.map(readTouchScript) ?? TouchScript(frames: [], endTime: 0)
            try simulation.play(script, until: at.map { Microseconds($0) * 1000 })
            try simulation.canvas.writePNG(to: out)
        }
    }
}

/// `APP simulate`: plays a touch script against the kiosk on a virtual clock and prints the
/// event log (JSON lines), as `kiosk simulate` does for a screen file.
struct KioskAppSimulate<App: KioskApp>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "simulate", abstract: "Play a touch script against this kiosk; print the event log.")
    }

    @Option(help: "The touch script (*.touch).")
    var touches: String

    @Option(help: "The UI size, WxH (default 1280x800).")
    var size: String?

    @Option(help: "The screen to show first (default: the first).")
    var screen: String?

    @Option(help: "Write frame-NNNN-tMS.png here for every frame that changed.")
    var frames: String?

    func run() throws {
        try reportingToolFailures {
            let script = try readTouchScript(touches)
            let simulation = try Simulation(host: try makeAppHost(App.self, size: size, screen: screen))
            if let frames { try simulation.writeFrames(to: frames) }
            try simulation.play(script)
            for event in simulation.events { print(EventLog.line(for: event)) }
        }
    }
}

/// A headless host of the app's screens at `size` ("WxH"), showing `screen` first.
private func makeAppHost<App: KioskApp>(_ app: App.Type, size: String?, screen: String?) throws -> UIHost {
    var panel = Size(width: 1280, height: 800)
    if let size {
        let parts = size.split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts.allSatisfy({ $0 > 0 && $0 <= 16384 }) else {
            throw ToolFailure("--size \(size): expected WxH, such as 800x480")
        }
        panel = Size(width: Double(parts[0]), height: Double(parts[1]))
    }
    let navigator = Navigator()
    let host = UIHost(size: panel, screens: App.screens(navigator: navigator), background: App.background,
                      gestures: App.gestures, textEngine: try KioskTextEngine(), navigator: navigator)
    if let screen {
        guard host.screens.contains(where: { $0.id == screen }) else {
            throw ToolFailure("no screen has the id \"\(screen)\" (screens: \(host.screens.map(\.id).joined(separator: ", ")))")
        }
        host.show(screen: screen)
    }
    return host
}

private func readTouchScript(_ path: String) throws -> TouchScript {
    guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
        throw ToolFailure("cannot read touch script \(path)")
    }
    do {
        return try TouchScript(parsing: text)
    } catch {
        throw ToolFailure("\(path):\(error.line): \(error.message)")
    }
}

private struct ToolFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Reports a failure as one line on stderr and exits with status 1.
private func reportingToolFailures(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as ToolFailure {
        FileHandle.standardError.write(Data("\(CommandLine.arguments[0]): \(error.description)\n".utf8))
        throw ExitCode.failure
    }
}
