/// The product template's files (Templates/CoffeeKiosk), compiled into the `kiosk` tool so
/// that `kiosk init` writes a product package where there is no KioskUI checkout. Each path
/// is relative to the package's folder; KioskRuntimeTests checks that the list is the
/// folder's whole content.
public enum ProductTemplate {
    /// The name the template's package, executable target and folder carry, which `kiosk
    /// init` replaces with the product's.
    public static let name = "CoffeeKiosk"

    /// The URL the template's `Package.swift` gets KioskUI from, which `kiosk init --kioskui`
    /// replaces.
    public static let kioskUIURL = "https://git.example.com/kioskui/KioskUI.git"

    public static let files: [(path: String, contents: [UInt8])] = [
        (".gitignore", PackageResources._gitignore),
        ("Package.swift", PackageResources.Package_swift),
        ("Sources/CoffeeKiosk/CoffeeKiosk.swift", PackageResources.CoffeeKiosk_swift),
        ("Sources/CoffeeScreens/Order.swift", PackageResources.Order_swift),
        ("Sources/CoffeeScreens/OrderScreen.swift", PackageResources.OrderScreen_swift),
        ("Tests/CoffeeScreensTests/OrderScreenTests.swift", PackageResources.OrderScreenTests_swift),
        ("Tests/CoffeeScreensTests/References/order-cappuccino.png", PackageResources.order_cappuccino_png),
        ("Tests/CoffeeScreensTests/References/order-empty.png", PackageResources.order_empty_png),
    ]
}
