// A product engineer imports KioskUI alone: colours, geometry, touches (KioskCore's) and the models'
// Observation come with it. The gesture engine's own gesture descriptions (its `Gesture`,
// `TapGesture`, `DragGesture`…) are not re-exported: KioskUI's SwiftUI-shaped gestures
// carry those names; code that drives the engine directly imports KioskGestures.
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
