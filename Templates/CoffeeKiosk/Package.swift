// swift-tools-version:6.0
import PackageDescription

/// A product team's kiosk in a package of its own, with KioskUI as a versioned dependency
/// (docs/PRODUCT.md walks through it). Copy this folder and rename it.
let package = Package(
    name: "CoffeeKiosk",
    dependencies: [
        // Where your team gets KioskUI from. While KioskUI is 0.x a minor release may break
        // the API, so follow patch releases only (README, "Versions").
        .package(url: "https://git.example.com/kioskui/KioskUI.git", .upToNextMinor(from: "0.1.0")),
    ],
    targets: [
        // The screens and their model: what the snapshot tests draw without a display.
        .target(name: "CoffeeScreens", dependencies: [.product(name: "KioskUI", package: "KioskUI")]),
        // The kiosk: `swift run CoffeeKiosk --help` lists its subcommands, `run` (the default,
        // with the flags of `kiosk run`), `snapshot`, `simulate` and `previews`.
        .executableTarget(name: "CoffeeKiosk", dependencies: [
            "CoffeeScreens",
            .product(name: "KioskUI", package: "KioskUI"),
        ]),
        .testTarget(name: "CoffeeScreensTests", dependencies: [
            "CoffeeScreens",
            .product(name: "KioskUI", package: "KioskUI"),
            .product(name: "KioskSnapshotTesting", package: "KioskUI"),
        ], exclude: ["References"]),
    ],
    swiftLanguageModes: [.v6]
)
