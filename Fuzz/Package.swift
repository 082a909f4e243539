// swift-tools-version:6.0
import PackageDescription

/// libFuzzer targets for what the kiosk reads from outside: screen files (with the icons and
/// images they name), touch scripts, control-socket lines, board profiles and libinput
/// recordings. A package of its own so the normal build never
/// sees them; `make fuzz` (scripts/fuzz.sh) builds it with `-sanitize=fuzzer,address`.
let package = Package(
    name: "KioskFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "KioskUI", path: "..")],
    targets: [
        .target(name: "CFuzzDriver"),
        // What every target checks of the errors it gets: file:line, no raw control character.
        .target(name: "FuzzChecks", dependencies: [.product(name: "KioskCore", package: "KioskUI")]),
        .executableTarget(name: "fuzz-screen-file", dependencies: [.product(name: "KioskScreenFiles", package: "KioskUI"),
                                                                   .product(name: "KioskGraphics", package: "KioskUI"), "CFuzzDriver", "FuzzChecks"]),
        .executableTarget(name: "fuzz-touch-script", dependencies: [.product(name: "KioskGestures", package: "KioskUI"), "CFuzzDriver"]),
        .executableTarget(name: "fuzz-control-message", dependencies: [.product(name: "KioskControl", package: "KioskUI"), "CFuzzDriver"]),
        .executableTarget(name: "fuzz-board-profile", dependencies: [.product(name: "KioskBoardProfiles", package: "KioskUI"), "CFuzzDriver", "FuzzChecks"]),
        .executableTarget(name: "fuzz-libinput-recording", dependencies: [.product(name: "KioskInput", package: "KioskUI"), "CFuzzDriver", "FuzzChecks"]),
    ],
    swiftLanguageModes: [.v6]
)
