import KioskGraphics

/// SwiftUI's `AnyTransition`: how a view comes in when it is inserted and goes out when it
/// is removed under an animation. It is the state the view is drawn in when off stage
/// (faded out, moved past an edge, scaled down); the animation carries it between that
/// state and the view as it is. Transitions combine and may differ each way.
public struct AnyTransition: Sendable {
    /// One part of an off-stage state.
    enum Piece: Sendable {
        case opacity
        /// Moved by the view's own width or height towards an edge.
        case move(Edge)
        case offset(x: Double, y: Double)
        case scale(Double, anchor: UnitPoint)
    }

    let insertion: [Piece]
    let removal: [Piece]

    init(insertion: [Piece], removal: [Piece]) {
        self.insertion = insertion
        self.removal = removal
    }

    init(_ pieces: [Piece]) { self.init(insertion: pieces, removal: pieces) }

    /// Fades in and out: the default for a view that sets none.
    public static let opacity = AnyTransition([.opacity])
    /// No change: the view appears and goes at once, while the rest animates.
    public static let identity = AnyTransition([])
    /// Comes in from the leading edge and goes out towards the trailing edge.
    public static let slide = AnyTransition(insertion: [.move(.leading)], removal: [.move(.trailing)])
    /// Grows from nothing and shrinks to nothing about the centre.
    public static let scale = AnyTransition.scale(scale: 0)

    /// Moves in from `edge` and back out towards it, by the view's own size.
    public static func move(edge: Edge) -> AnyTransition { AnyTransition([.move(edge)]) }

    /// Comes in from `edge` and goes out towards the opposite one, fading as it does.
    public static func push(from edge: Edge) -> AnyTransition {
        AnyTransition(insertion: [.move(edge), .opacity], removal: [.move(edge.opposite), .opacity])
    }

    public static func scale(scale: CGFloat, anchor: UnitPoint = .center) -> AnyTransition {
        AnyTransition([.scale(Double(scale), anchor: anchor)])
    }

    public static func offset(_ offset: CGSize) -> AnyTransition { .offset(x: offset.width, y: offset.height) }

    public static func offset(x: CGFloat = 0, y: CGFloat = 0) -> AnyTransition {
        AnyTransition([.offset(x: Double(x), y: Double(y))])
    }

    /// `insertion` when the view comes in, `removal` when it goes.
    public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition {
        AnyTransition(insertion: insertion.insertion, removal: removal.removal)
    }

    /// Both at once.
    public func combined(with other: AnyTransition) -> AnyTransition {
        AnyTransition(insertion: insertion + other.insertion, removal: removal + other.removal)
    }
}

extension Edge {
    var opposite: Edge {
        switch self {
        case .top: .bottom
        case .bottom: .top
        case .leading: .trailing
        case .trailing: .leading
        }
    }
}

/// How a view in transition is drawn: its opacity, and the move and scale of its drawing.
struct TransitionLook: Equatable {
    var opacity = 1.0
    var dx = 0.0
    var dy = 0.0
    var scale = 1.0
    var anchor = Point(x: 0, y: 0)

    /// The look of `pieces` at `amount` of the way to off stage (0: as it is, 1: off
    /// stage) for a view in `frame`; leading and trailing follow `direction`.
    init(_ pieces: [AnyTransition.Piece], amount: Double, frame: Rect, direction: LayoutDirection) {
        for piece in pieces {
            switch piece {
            case .opacity:
                opacity *= min(max(1 - amount, 0), 1)
            case .move(let edge):
                let rightToLeft = direction == .rightToLeft
                switch edge {
                case .top: dy -= frame.height * amount
                case .bottom: dy += frame.height * amount
                case .leading: dx += (rightToLeft ? frame.width : -frame.width) * amount
                case .trailing: dx += (rightToLeft ? -frame.width : frame.width) * amount
                }
            case let .offset(x, y):
                dx += x * amount
                dy += y * amount
            case let .scale(s, anchor):
                scale *= 1 + (s - 1) * amount
                self.anchor = anchor.point(in: frame)
            }
        }
    }

    /// The layer that draws the look, or nil when only the opacity changes (the operations
    /// take it themselves) or nothing does.
    var layer: LayerEffect? {
        guard dx != 0 || dy != 0 || scale != 1 else { return nil }
        var effect = LayerEffect()
        effect.opacity = opacity
        // Whole pixels: text and edges slide without blurring.
        let move = LayerTransform(translationX: dx.rounded(), y: dy.rounded())
        effect.transform = scale == 1 ? move : LayerTransform(scaleX: scale, y: scale, about: anchor).concatenating(move)
        return effect
    }
}
