import KioskGraphics

public enum HorizontalAlignment: Hashable, Sendable {
    case leading, center, trailing

    /// The offset of something `inner` wide inside something `outer` wide.
    func offset(_ inner: Double, in outer: Double) -> Double {
        switch self {
        case .leading: 0
        case .center: (outer - inner) / 2
        case .trailing: outer - inner
        }
    }
}

public enum VerticalAlignment: Hashable, Sendable {
    case top, center, bottom

    func offset(_ inner: Double, in outer: Double) -> Double {
        switch self {
        case .top: 0
        case .center: (outer - inner) / 2
        case .bottom: outer - inner
        }
    }
}

public struct Alignment: Hashable, Sendable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment

    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)

    /// Where something of `size` sits inside `rect`. Origins are rounded to whole pixels so
    /// edges stay crisp, halves upwards on both sides of zero: a layout moved by whole pixels
    /// (a scrolled row) rounds as it would placed afresh there.
    func place(_ size: Size, in rect: Rect) -> Rect {
        let x = rect.minX + horizontal.offset(size.width, in: rect.width)
        let y = rect.minY + vertical.offset(size.height, in: rect.height)
        return Rect(x: (x + 0.5).rounded(.down), y: (y + 0.5).rounded(.down), width: size.width, height: size.height)
    }
}
