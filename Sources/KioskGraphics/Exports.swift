// Geometry lives in KioskCore, under every layer; code that draws imports KioskGraphics alone.
@_exported import struct KioskCore.Point
@_exported import struct KioskCore.Size
@_exported import struct KioskCore.Rect
@_exported import struct KioskCore.Insets
@_exported import struct KioskCore.PixelRect
