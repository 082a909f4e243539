import ArgumentParser
import KioskViews

/// `APP snapshot`: a `KioskApp`'s screen rendered headless into a PNG, optionally after a
/// touch script up to a time, exactly as `kiosk snapshot` does for a screen file.
struct KioskAppSnapshot<App: KioskApp>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "snapshot", abstract: "Render a screen of this kiosk to a PNG.")
    }

    @OptionGroup
    var screen: AppScreenOptions

    @OptionGroup
    var snapshot: SnapshotOptions

    func run() throws {
        try reportingFailures { try snapshot.capture(try screen.makeHost(App.self)) }
    }
}

/// `APP simulate`: plays a touch script against the kiosk on a virtual clock and prints the
/// event log (JSON lines), as `kiosk simulate` does for a screen file.
struct KioskAppSimulate<App: KioskApp>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "simulate", abstract: "Play a touch script against this kiosk; print the event log.")
    }

    @OptionGroup
    var screen: AppScreenOptions

    @OptionGroup
    var simulate: SimulateOptions

    func run() throws {
        try reportingFailures {
            let script = try simulate.script()
            try simulate.play(script, on: try screen.makeHost(App.self))
        }
    }
}

/// Which of the app's screens the tools show, at what size and in which language.
struct AppScreenOptions: ParsableArguments {
    @Option(help: "The UI size, WxH.")
    var size = PanelSize(width: 1280, height: 800)

    @Option(help: "The screen to show first (default: the first).")
    var screen: String?

    @OptionGroup(title: "Language")
    var language: LanguageOption

    func makeHost<App: KioskApp>(_ app: App.Type) throws -> UIHost {
        let host = try App.makeHost(size: size.size)
        if let tag = language.locale { host.locale = tag }
        if let screen {
            guard host.screens.contains(where: { $0.id == screen }) else {
                throw ValidationFailure("no screen has the id \"\(screen)\" (screens: \(host.screens.map(\.id).joined(separator: ", ")))")
            }
            host.show(screen: screen)
        }
        return host
    }
}
