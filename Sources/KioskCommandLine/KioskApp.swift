import ArgumentParser
import FoundationEssentials
import Glibc
import KioskBoardProfiles
import KioskGestures
import KioskRuntime
import KioskViews

/// A product's own kiosk executable: the screens in Swift, everything else — the DRM
/// display or headless, libinput or a touch script, rotation, the console, the event log
/// on stdout, the control socket, idle blanking, the frame grab — exactly as `kiosk run`
/// does it, with the same flags:
///
/// ```swift
/// @main struct CoffeeKiosk: KioskApp {
///     static func screens(navigator: Navigator) -> [Screen] {
///         [Screen("main") { Button("Espresso") { brew(.espresso) }.buttonStyle(.borderedProminent) }]
///     }
/// }
/// ```
/// `Examples/DemoKiosk` is the built-in demo written this way.
public protocol KioskApp {
    /// The app's screens; the first one is shown first.
    static func screens(navigator: Navigator) -> [Screen]
    /// The colour behind screens that set none.
    static var background: Color { get }
    static var gestures: GestureConfiguration { get }
}

extension KioskApp {
    public static var background: Color { UIHost.defaultBackground }
    public static var gestures: GestureConfiguration { .standard }

    /// Parses the flags and runs the kiosk until SIGINT/SIGTERM (or a touch script's end).
    public static func main() {
        KioskAppCommand<Self>.main()
    }
}

/// The command line of a `KioskApp`: `run` (the default, so the executable alone runs the
/// kiosk) with `kiosk run`'s display, input and operations flags, and the tools beside it
/// (`snapshot`, `simulate`, `previews`); `restore-console` too, which the board's systemd
/// unit runs after every stop.
struct KioskAppCommand<App: KioskApp>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: URL(fileURLWithPath: CommandLine.arguments[0]).lastPathComponent,
                             abstract: "A KioskUI kiosk: on the panel (DRM/KMS) or headless.",
                             subcommands: [KioskAppRun<App>.self, KioskAppSnapshot<App>.self, KioskAppSimulate<App>.self,
                                           KioskAppPreviews.self, RestoreConsoleCommand.self],
                             defaultSubcommand: KioskAppRun<App>.self)
    }
}

/// `APP run`: the kiosk on the panel or headless until SIGINT/SIGTERM, as `kiosk run` runs a
/// screen file.
struct KioskAppRun<App: KioskApp>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "run", abstract: "Run the kiosk (the default).")
    }

    @OptionGroup
    var launch: LaunchOptions

    @Option(help: "The UI size, WxH, when headless or in a window (default: 1280x800).")
    var size: PanelSize?

    @OptionGroup(title: "Language")
    var language: LanguageOption

    func run() throws {
        try reportingFailures {
            let profile = try launch.boardProfile()
            let settings = try launch.settings(size: size, screen: nil, board: profile)
            try KioskLauncher.launch(settings: settings, content: .host(buttons: nil) { size, _ in
                let host = try App.makeHost(size: size)
                profile?.accessibility.apply(to: host)
                if let tag = language.locale ?? profile?.language.map({ LanguageTag($0) }) { host.locale = tag }
                return host
            }, report: printError, output: writeLine)
        }
    }
}

extension KioskApp {
    /// The app's screens in a host of `size`, the first one showing.
    static func makeHost(size: Size) throws -> UIHost {
        let navigator = Navigator()
        return UIHost(size: size, screens: screens(navigator: navigator), background: background,
                      gestures: gestures, textEngine: try KioskTextEngine(), navigator: navigator)
    }
}
