// A product engineer imports KioskUI alone: colours, geometry and gesture types come with it.
@_exported import KioskGestures
@_exported import KioskGraphics
