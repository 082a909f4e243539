import KioskGraphics

/// Where the views were when the elements were listed: the layout, and each scroll view's
/// offset (a scroll places the content again without a new layout). Elements listed for
/// another placement are listed anew, but only when they are asked for, so a scroll frame
/// costs the screen reader nothing until it reads the screen.
struct AccessibilityPlacement: Equatable {
    var layout: Int
    var scrollOffsets: [String: PixelOffset]
}
