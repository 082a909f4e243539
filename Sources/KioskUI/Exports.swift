// What `import KioskUI` brings, as `import SwiftUI` does: the views (with Core Graphics'
// value types) and the two ways a product starts its kiosk, `App` and `KioskApp`; the
// runtime, the display and input come with the product without being imported.
@_exported import KioskViews
@_exported import protocol KioskCommandLine.KioskApp
