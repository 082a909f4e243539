import ArgumentParser
import Foundation
import KioskBoardProfiles
import KioskGestures
import KioskRuntime
import KioskUI

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

/// The command line of a `KioskApp`: `kiosk run`'s display, input and operations flags.
struct KioskAppCommand<App: KioskApp>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: URL(fileURLWithPath: CommandLine.arguments[0]).lastPathComponent,
                             abstract: "A KioskUI kiosk: on the panel (DRM/KMS) or headless.",
                             subcommands: [KioskAppSnapshot<App>.self, KioskAppSimulate<App>.self])
    }

    @OptionGroup(title: "Display")
    var display: DisplayOptions

    @OptionGroup(title: "Input")
    var input: InputOptions

    @OptionGroup(title: "Operations")
    var operations: OperationsOptions

    @Option(help: "A board profile: a name (board/profiles/NAME.toml, /etc/kiosk/boards/) or a path; default /etc/kiosk/board.toml when present. Flags override it.")
    var board: String?

    func run() throws {
        let profile = try LaunchFlags.boardProfile(board)
        let settings = try LaunchFlags.settings(display: display, input: input, operations: operations, screen: nil, board: profile)
        try KioskLauncher.launch(settings: settings, content: .host(buttons: nil) { size, _ in
            let navigator = Navigator()
            let host = UIHost(size: size, screens: App.screens(navigator: navigator), background: App.background,
                              gestures: App.gestures, textEngine: try KioskTextEngine(), navigator: navigator)
            profile?.accessibility.apply(to: host)
            return host
        }, report: { line in
            FileHandle.standardError.write(Data("\(line)\n".utf8))
        }, output: { line in
            FileHandle.standardOutput.write(Data("\(line)\n".utf8))
        })
    }
}
