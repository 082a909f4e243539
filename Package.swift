// swift-tools-version:6.0
import CompilerPluginSupport
import PackageDescription

/// Layers follow docs/DESIGN.md; dependencies point down only.
let package = Package(
    name: "KioskUI",
    products: [
        .executable(name: "kiosk", targets: ["kiosk"]),
        .library(name: "KioskCore", targets: ["KioskCore"]),
        .library(name: "KioskGraphics", targets: ["KioskGraphics"]),
        .library(name: "KioskDisplay", targets: ["KioskDisplay"]),
        .library(name: "KioskGestures", targets: ["KioskGestures"]),
        .library(name: "KioskInput", targets: ["KioskInput"]),
        .library(name: "KioskText", targets: ["KioskText"]),
        .library(name: "KioskUI", targets: ["KioskUI"]),
        .library(name: "KioskViews", targets: ["KioskViews"]),
        .library(name: "KioskScreenFiles", targets: ["KioskScreenFiles"]),
        .library(name: "KioskBoardProfiles", targets: ["KioskBoardProfiles"]),
        .library(name: "KioskControl", targets: ["KioskControl"]),
        .library(name: "KioskRuntime", targets: ["KioskRuntime"]),
        .library(name: "KioskCommandLine", targets: ["KioskCommandLine"]),
        .library(name: "KioskTOML", targets: ["KioskTOML"]),
        .library(name: "KioskSpeech", targets: ["KioskSpeech"]),
        // A product's snapshot tests: reference-image comparison (docs/PRODUCT.md).
        .library(name: "KioskSnapshotTesting", targets: ["KioskSnapshotTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `#Preview`'s macro. 600.0.x builds with both toolchains (6.0.3 and 6.3); only a
        // product's build (through the KioskUI library) builds it, never the `kiosk` tool.
        .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.1"..<"601.0.0"),
    ],
    targets: [
        // System libraries (apt providers name the -dev packages scripts/install-deps.sh installs).
        .systemLibrary(name: "CPixman", pkgConfig: "pixman-1", providers: [.apt(["libpixman-1-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
        .systemLibrary(name: "CUnibreak", pkgConfig: "libunibreak", providers: [.apt(["libunibreak-dev"])]),
        .systemLibrary(name: "CThai", pkgConfig: "libthai", providers: [.apt(["libthai-dev"])]),
        .systemLibrary(name: "CESpeakNG", pkgConfig: "espeak-ng", providers: [.apt(["libespeak-ng-dev"])]),
        .systemLibrary(name: "CALSA", pkgConfig: "alsa", providers: [.apt(["libasound2-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CDRM", pkgConfig: "libdrm", providers: [.apt(["libdrm-dev"])]),
        .systemLibrary(name: "CLibInput", pkgConfig: "libinput", providers: [.apt(["libinput-dev", "libudev-dev"])]),
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        // SDL2 for `--display window`: a desktop window (X11 or Wayland) and its input. Its
        // headers (libsdl2-dev) only: the library is loaded when a window is asked for, so a
        // board's kiosk links no SDL (sdl2's pkg-config would link it into every binary).
        .systemLibrary(name: "CSDL2"),
        // The system's ICU (libicu-dev), linked dynamically as FreeType is: CLDR plural rules,
        // number, currency and date formats, writing direction. Full Foundation would link the
        // toolchain's ICU statically, its data most of the binary (README, `make size`). A C
        // target whose header shows no ICU declaration: Foundation brings its own copy of ICU's
        // headers, and an app that imports Foundation beside KioskUI would see both (clang
        // refuses ICU's enums defined twice, differently).
        .target(name: "CICU", linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]),

        // Each target owns one job and imports only the targets it lists (docs/DESIGN.md, "Layers").

        // Time, the clock, geometry, touch and key events, rotation and the errno-carrying
        // system error with its EINTR retry: what every layer shares. Imports nothing.
        .target(name: "KioskCore"),
        // Canvas, colours, shapes, shadows, regions and PNG over pixman; no device, no UI.
        .target(name: "KioskGraphics", dependencies: ["KioskCore", "CPixman", "CPNG"]),
        // The console's and DRM's ioctls (variadic, macro-encoded) and the fatal-signal
        // handler that restores the panel and the console with async-signal-safe calls.
        .target(name: "CKioskShim"),
        // The types conforming to a protocol, read from the Swift runtime's conformance
        // records: how an app's `previews` finds the previews compiled into it.
        .target(name: "CSwiftConformances"),
        // The Display protocol, the DRM/KMS dumb-buffer display, hotplug, the headless
        // display and a desktop window; draws nothing itself.
        .target(name: "KioskDisplay", dependencies: ["KioskCore", "KioskGraphics", "CDRM", "CKioskShim", "CSDL2"]),
        // The reference scenes and the timing loop of `kiosk bench`.
        .target(name: "KioskBench", dependencies: ["KioskGraphics", "KioskGestures"]),
        // Pure gesture recognition: touch streams in, gesture results out, on a clock it is given.
        .target(name: "KioskGestures", dependencies: ["KioskCore"]),
        // TOML 1.0, read with the line and column of every key and value, and the error of a
        // file the kiosk reads in it. Imports only KioskCore, for the error text it echoes.
        .target(name: "KioskTOML", dependencies: ["KioskCore"]),
        // FreeType faces, HarfBuzz shaping, bidi, line breaking, glyph cache, rich text.
        .target(name: "KioskText", dependencies: ["KioskCore", "KioskGraphics", "CFreeType", "CHarfBuzz", "CFriBidi", "CUnibreak", "CThai"]),
        // The SwiftUI-named view layer: views, layout, styles, state, gestures on views,
        // animation, accessibility, localization; no file descriptor, no device. Plural rules,
        // number, currency and date formats come from the system's ICU.
        .target(name: "KioskViews", dependencies: ["KioskCore", "KioskGraphics", "KioskGestures", "KioskText", "CICU", "KioskCGValues"]),
        // Core Graphics' value types as SwiftUI code names them (CGFloat, CGPoint, CGSize,
        // CGRect), in a module of their own so that KioskUI re-exports each by name: a name
        // re-exported that way wins over Foundation's in a file that imports both.
        .target(name: "KioskCGValues"),
        // The built-in demo, written as a product's views. It is one binary: its string
        // catalog is compiled in rather than installed beside it.
        .target(name: "KioskDemo", dependencies: ["KioskViews"], resources: [.embedInCode("Localizable.xcstrings")]),
        // The InputSource protocol, libinput touch and keys, touch scripts, libinput-record
        // replay (YAML, read by libyaml with line numbers), headphone jacks, uinput devices and
        // a desktop window's mouse, fingers and keys.
        .target(name: "KioskInput", dependencies: ["KioskCore", "CLibInput", "CKioskShim", "CYAML", "CSDL2"]),
        // What a screen reader says, spoken by eSpeak NG on a thread of its own to ALSA (a WAV file headless).
        .target(name: "KioskSpeech", dependencies: ["KioskCore", "CESpeakNG", "CALSA", "CICU"]),
        // Screen files: a kiosk described in TOML, read and checked, and its screens as views;
        // what a screen file, a board profile and a flag share (blank schedule, text size and
        // contrast). No device, so `snapshot` and `simulate` need nothing more.
        .target(name: "KioskScreenFiles", dependencies: ["KioskCore", "KioskViews", "KioskTOML"]),
        // Board profiles: how one kind of board's panel is driven (driver, modules, connector,
        // mode, format, rotation, calibration, blanking, fonts, accessibility).
        .target(name: "KioskBoardProfiles", dependencies: ["KioskScreenFiles", "KioskDisplay", "KioskGraphics", "KioskInput", "KioskTOML", "KioskViews"]),
        // The control socket's protocol (requests, replies, the event log's lines), spoken by
        // the runtime's server and by `kiosk ctl`.
        .target(name: "KioskControl", dependencies: ["KioskCore", "KioskScreenFiles", "KioskViews"]),
        // The device side of a running kiosk: the run loop (scheduler, poll driver, embedded
        // loop), the one launch path, the scenes it shows, the operations (actions, control
        // server, idle blanking, speech), the console and systemd notify.
        .target(name: "KioskRuntime", dependencies: [
            "KioskCore", "KioskViews", "KioskDisplay", "KioskInput", "KioskGestures", "KioskGraphics", "CKioskShim", "KioskSpeech",
            "KioskScreenFiles", "KioskBoardProfiles", "KioskControl",
        ]),
        // The command line every kiosk executable shares: the display, input and operations
        // flags of `kiosk run` and of a product's `KioskApp` (with its snapshot and simulate),
        // turned into launch settings; `previews` of an app.
        .target(name: "KioskCommandLine", dependencies: [
            "KioskCore", "KioskViews", "KioskDisplay", "KioskInput", "KioskGestures", "KioskGraphics",
            "KioskScreenFiles", "KioskBoardProfiles", "KioskControl", "KioskRuntime", "CSwiftConformances",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // The product template's files, for `kiosk init` (the template is also a package of
        // its own that scripts/template_check.sh builds).
        .target(name: "KioskProductTemplate", path: "Templates", sources: ["ProductTemplate.swift"],
                resources: [
                       .embedInCode("CoffeeKiosk/.gitignore"),
                       .embedInCode("CoffeeKiosk/Package.swift"),
                       .embedInCode("CoffeeKiosk/Sources/CoffeeKiosk/CoffeeKiosk.swift"),
                       .embedInCode("CoffeeKiosk/Sources/CoffeeScreens/Order.swift"),
                       .embedInCode("CoffeeKiosk/Sources/CoffeeScreens/OrderScreen.swift"),
                       .embedInCode("CoffeeKiosk/Tests/CoffeeScreensTests/OrderScreenTests.swift"),
                       .embedInCode("CoffeeKiosk/Tests/CoffeeScreensTests/References/order-cappuccino.png"),
                       .embedInCode("CoffeeKiosk/Tests/CoffeeScreensTests/References/order-empty.png"),
                ]),

        // The `kiosk` tool: its subcommands, each a thin layer over the targets above.
        .executableTarget(
            name: "kiosk",
            dependencies: [
                "KioskCore",
                "KioskGraphics",
                "KioskDisplay",
                "KioskBench",
                "KioskInput",
                "KioskText",
                "KioskViews",
                "KioskScreenFiles",
                "KioskBoardProfiles",
                "KioskControl",
                "KioskRuntime",
                "KioskCommandLine",
                "KioskDemo",
                "KioskSpeech",
                "KioskProductTemplate",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // What deploy ships, linked small (README, `make size`): lld folds identical
            // functions, packs the 50,000 relative relocations of Swift's metadata into a
            // bitmap (DT_RELR: glibc 2.36, bookworm and trixie), exports no symbols (the
            // toolchain's static-stdlib arguments export every public Swift symbol of the
            // package; nothing looks them up, and `strip` leaves them in), and leaves out the
            // unwind tables (scripts/discard-unwind-tables.ld says why).
            linkerSettings: [.unsafeFlags(["-use-ld=lld", "-Xlinker", "--icf=all", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
                                           "-Xlinker", "--no-export-dynamic"] + withoutUnwindTables, .when(configuration: .release))]
        ),

        // What a product imports, as a SwiftUI app imports SwiftUI alone: the views, `App`,
        // `Scene` and `WindowGroup`, and through the command line the runtime, so that the
        // product's executable runs on the panel.
        .target(name: "KioskUI", dependencies: ["KioskViews", "KioskCommandLine", "KioskPreviewMacros"]),
        // `#Preview`'s expansion, run by the compiler while it builds a product.
        .macro(name: "KioskPreviewMacros", dependencies: [
            .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
            .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
        ]),

        // The example a product engineer copies: a `KioskApp` with its own screens.
        .executableTarget(name: "demo-kiosk", dependencies: ["KioskUI", "KioskDemo"], path: "Examples/DemoKiosk"),
        // A product-like app for the tests of async work on the kiosk's loop (tasks, the main
        // queue, Foundation's timers), run as a binary by KioskRuntimeTests.
        .executableTarget(name: "async-kiosk", dependencies: ["KioskUI"], path: "Tests/AsyncKiosk"),

        // Reference-image comparison, for the suites here and a product's snapshot tests.
        .target(name: "KioskSnapshotTesting", dependencies: ["KioskGraphics"]),
        // What the test suites with pixels or random streams share.
        .target(name: "KioskTestSupport", dependencies: ["KioskSnapshotTesting"], path: "Tests/KioskTestSupport"),
        .testTarget(name: "KioskCoreTests", dependencies: ["KioskCore"]),
        .testTarget(name: "KioskGraphicsTests", dependencies: ["KioskGraphics", "KioskBench", "KioskTestSupport"], exclude: ["References"]),
        .testTarget(name: "KioskDisplayTests", dependencies: ["KioskDisplay", "KioskGraphics", "CDRM"]),
        .testTarget(name: "KioskRuntimeTests", dependencies: ["KioskRuntime", "KioskCommandLine", "KioskScreenFiles", "KioskBoardProfiles", "KioskControl", "KioskTOML", "KioskDisplay", "KioskInput", "KioskGestures", "KioskGraphics", "KioskViews", "KioskTestSupport"],
                    exclude: ["Scripts", "BadFiles", "References"]),
        .testTarget(name: "KioskInputTests", dependencies: ["KioskInput", "KioskGestures", "CKioskShim"]),
        .testTarget(name: "KioskSpeechTests", dependencies: ["KioskSpeech", "KioskCore"]),
        .testTarget(name: "KioskTOMLTests", dependencies: ["KioskTOML"], exclude: ["Corpus"]),
        .testTarget(name: "KioskGesturesTests", dependencies: ["KioskGestures", "KioskTestSupport"]),
        .testTarget(name: "KioskTextTests", dependencies: ["KioskText", "KioskGraphics", "KioskBench", "CHarfBuzz", "KioskTestSupport"], exclude: ["References"]),
        .testTarget(name: "KioskUITests", dependencies: ["KioskUI"]),
        .testTarget(name: "KioskViewsTests", dependencies: ["KioskViews", "KioskGestures", "KioskScreenFiles", "KioskRuntime", "KioskDemo", "KioskTestSupport"], exclude: ["References"]),
    ],
    swiftLanguageModes: [.v6]
)

/// The release kiosk's link arguments that leave out the unwind tables
/// (scripts/discard-unwind-tables.ld says why). The lld of Swift 6.0, which the arm64 cross
/// build uses, fails an assertion on the script's INSERT; that binary keeps its tables.
var withoutUnwindTables: [String] {
    #if compiler(>=6.1)
    ["-Xlinker", "--no-eh-frame-hdr", "-Xlinker", "-T", "-Xlinker", "\(Context.packageDirectory)/scripts/discard-unwind-tables.ld"]
    #else
    []
    #endif
}
