// A product engineer imports KioskUI alone: colours, geometry, touches (KioskCore's) and the models'
// Observation come with it. The gesture engine's own gesture descriptions (its `Gesture`,
// `TapGesture`, `DragGesture`…) are not re-exported: KioskUI's SwiftUI-shaped gestures
// carry those names; code that drives the engine directly imports KioskGestures.
//
// Foundation: as SwiftUI re-exports Foundation, KioskUI re-exports FoundationEssentials (`Date`,
// `URL`, `Data`, JSON coding, `FormatStyle`). Full Foundation stays out: it links a second,
// static ICU with its data (README, `make size`). Numbers and dates are formatted by
// `Text(value, format:)` in the view's language; an app that wants the rest of Foundation
// (`String(format:)`, `.formatted()`) imports it beside KioskUI (docs/PRODUCT.md).
//
// Core Graphics' names come from KioskCGValues, each imported by name: that makes them win
// over Foundation's in a file that imports Foundation too (KioskCGValues says why).
@_exported import FoundationEssentials
@_exported import typealias KioskCGValues.CGFloat
@_exported import struct KioskCGValues.CGPoint
@_exported import struct KioskCGValues.CGSize
@_exported import struct KioskCGValues.CGRect
@_exported import KioskGraphics
@_exported import Observation
@_exported import typealias KioskCore.Microseconds
@_exported import struct KioskCore.TouchFrame
@_exported import struct KioskCore.TouchEvent
@_exported import typealias KioskCore.TouchLocation
@_exported import enum KioskCore.TouchPhase
@_exported import struct KioskCore.TouchScript
@_exported import struct KioskCore.TouchScriptError
@_exported import struct KioskCore.TouchVector
@_exported import enum KioskGestures.SwipeDirection
@_exported import enum KioskGestures.TriggerCause
@_exported import struct KioskGestures.GestureConfiguration
@_exported import struct KioskGestures.RepeatBehavior
@_exported import struct KioskGestures.ButtonPress
@_exported import enum KioskGestures.PressCanceller
