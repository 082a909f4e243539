import KioskGraphics
import KioskGestures

/// An image in a display list; two are equal when they are the same pixels object.
public struct ImageRef: Hashable {
    public let canvas: Canvas

    public init(_ canvas: Canvas) { self.canvas = canvas }

    public static func == (a: ImageRef, b: ImageRef) -> Bool { a.canvas === b.canvas }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(canvas)) }
}

/// One drawing step, in screen coordinates, with its opacity folded in.
public indirect enum DrawOp: Hashable {
    case fill(Shape, Rect, Paint, opacity: Double, shadow: Shadow?)
    case border(Shape, Rect, lineWidth: Double, Paint, opacity: Double)
    case text(StyledText, Rect)
    case image(ImageRef, Rect, opacity: Double)
    /// Operations drawn unscaled and then scaled about `anchor` (a pressed button at 95%).
    case scaled(Double, anchor: Point, DrawGroup)
    /// Operations drawn as one layer and composited through `LayerEffect` (rotation,
    /// non-uniform scale, blend mode, clip shape).
    case layer(LayerEffect, DrawGroup)
    /// A scroll view's content, drawn only inside the rectangle: the content's operations
    /// are in its own coordinates, drawn `offset` up and left of them.
    case scroll(PixelRect, offset: PixelOffset, ScrolledContent)

    /// The pixels the operation can touch.
    public var bounds: PixelRect {
        switch self {
        case let .fill(_, rect, _, _, shadow):
            let r = rect.enclosingPixels
            guard let shadow, shadow.extent > 0 else { return r }
            let e = shadow.extent
            let moved = PixelRect(x: r.x - e + Int(shadow.x.rounded(.down)), y: r.y - e + Int(shadow.y.rounded(.down)),
                                  width: r.width + 2 * e + 1, height: r.height + 2 * e + 1)
            return r.union(moved)
        case let .border(_, rect, _, _, _), let .image(_, rect, _):
            return rect.enclosingPixels
        case let .text(_, rect):
            // Glyph ink may overhang the line box a little (italics, accents).
            return rect.enclosingPixels.insetBy(dx: -2, dy: -2)
        case let .scaled(scale, anchor, group):
            let inner = group.bounds
            guard !inner.isEmpty else { return inner }
            let rect = inner.rect
            let scaled = Rect(x: anchor.x + (rect.minX - anchor.x) * scale, y: anchor.y + (rect.minY - anchor.y) * scale,
                              width: rect.width * scale, height: rect.height * scale)
            return scaled.enclosingPixels.insetBy(dx: -1, dy: -1)
        case let .layer(effect, group):
            return group.bounds.isEmpty ? group.bounds : effect.bounds(of: group.bounds)
        case let .scroll(clip, offset, content):
            let e = content.extent
            return clip.intersection(PixelRect(x: e.x - offset.x, y: e.y - offset.y, width: e.width, height: e.height))
        }
    }

    /// The pixels a change to the operation must draw again: its bounds, except that a
    /// stroked outline (a focus ring, a button's border) touches only a band along each
    /// edge, so the inside it leaves alone is not drawn again.
    var damagedPixels: [PixelRect] {
        guard case let .border(shape, _, lineWidth, _, _) = self else { return [bounds] }
        let radius: Double
        switch shape {
        case .rectangle: radius = 0
        case .roundedRectangle(let r): radius = max(r.topLeading, r.topTrailing, r.bottomLeading, r.bottomTrailing)
        case .capsule, .circle: return [bounds]
        }
        // A corner's inner arc comes in from the edges by at most (1 - 1/√2) of the radius
        // plus 1/√2 of the line: within lineWidth + 0.3 radius, and a pixel for smoothing.
        let band = Int((lineWidth + 0.3 * radius).rounded(.up)) + 1
        let r = bounds
        guard 2 * band < min(r.width, r.height) else { return [r] }
        return [PixelRect(x: r.x, y: r.y, width: r.width, height: band),
                PixelRect(x: r.x, y: r.y + r.height - band, width: r.width, height: band),
                PixelRect(x: r.x, y: r.y + band, width: band, height: r.height - 2 * band),
                PixelRect(x: r.x + r.width - band, y: r.y + band, width: band, height: r.height - 2 * band)]
    }

    /// The pixels that can change when this operation becomes `other`: where it was and where
    /// it is, less the interior both paint when it is the same opaque colour fill moved.
    func changedPixels(becoming other: DrawOp) -> Region {
        pixelsChanged(movingTo: other) ?? Region(damagedPixels + other.damagedPixels)
    }

    /// The pixels that change when this operation becomes `other`, when that is the same
    /// opaque colour fill moved: nil otherwise.
    func pixelsChanged(movingTo other: DrawOp) -> Region? {
        guard case let .fill(shape, old, .color(color), opacity, nil) = self,
              case let .fill(newShape, new, .color(newColor), newOpacity, nil) = other,
              shape == newShape, color == newColor, opacity == newOpacity, opacity >= 1, color.alpha >= 1,
              old.width == new.width, old.height == new.height else { return nil }
        return shape.pixelsChanged(movingFrom: old, to: new)
    }

    /// Pixels the operation paints opaque: nothing under them needs painting.
    var opaquePixels: [PixelRect] {
        var pixels: [PixelRect] = []
        appendOpaquePixels(to: &pixels)
        return pixels
    }

    /// Appends `opaquePixels` to `pixels`.
    func appendOpaquePixels(to pixels: inout [PixelRect]) {
        guard case let .fill(shape, rect, paint, opacity, _) = self, opacity >= 1, paint.isOpaque else { return }
        shape.appendCoveredPixels(in: rect, to: &pixels)
    }

    /// False for geometry no canvas can take (infinite or absurd sizes from a bad frame or
    /// padding): such operations are dropped rather than drawn.
    var isDrawable: Bool {
        func sane(_ v: Double) -> Bool { v.isFinite && abs(v) < 10_000_000 }
        switch self {
        case let .fill(_, r, _, _, _), let .border(_, r, _, _, _), let .text(_, r), let .image(_, r, _):
            return sane(r.minX) && sane(r.minY) && sane(r.width) && sane(r.height)
        case let .scaled(scale, anchor, _):
            return scale.isFinite && scale > 0 && sane(anchor.x) && sane(anchor.y)
        case let .layer(effect, _):
            return effect.isDrawable
        case let .scroll(rect, _, _):
            return abs(rect.x) < 10_000_000 && abs(rect.y) < 10_000_000 && rect.width < 10_000_000 && rect.height < 10_000_000
        }
    }

    static func bounds(of ops: [DrawOp]) -> PixelRect {
        ops.reduce(PixelRect.zero) { partial, op in
            let b = op.bounds
            return partial.isEmpty ? b : (b.isEmpty ? partial : partial.union(b))
        }
    }
}

/// Operations drawn as one picture (a scaled button's content). Equal by value, but the
/// hash and bounds are worked out once and the same group compares at once: the renderer
/// keys its cache of the unscaled picture by it every frame.
public final class DrawGroup: Hashable {
    public let ops: [DrawOp]
    let bounds: PixelRect
    private let hash: Int

    init(_ ops: [DrawOp]) {
        self.ops = ops
        bounds = DrawOp.bounds(of: ops)
        hash = ops.hashValue
    }

    public static func == (a: DrawGroup, b: DrawGroup) -> Bool { a === b || (a.hash == b.hash && a.ops == b.ops) }
    public func hash(into hasher: inout Hasher) { hasher.combine(hash) }

    /// Whether the first operation paints every pixel of the group's bounds opaque (a
    /// screen's background), so the group drawn over anything shows only itself.
    var isOpaque: Bool {
        guard case let .fill(shape, rect, paint, opacity, shadow)? = ops.first, shape == .rectangle, shadow == nil,
              opacity >= 1, paint.isOpaque else { return false }
        let covered = bounds.rect
        return rect.minX <= covered.minX && rect.minY <= covered.minY && rect.maxX >= covered.maxX && rect.maxY >= covered.maxY
    }
}

/// What the UI draws, in painting order. Each item is keyed by the view that emitted it,
/// so two lists can be compared view by view.
///
/// The items come in runs: a subtree that did not change hands the same run objects to the
/// next frame, so comparing two frames skips them by identity and the renderer skips a run
/// its damage does not reach.
public struct DisplayList: Equatable {
    public struct Item: Hashable {
        public let key: String
        public let op: DrawOp
        /// The pixels `op` can touch, worked out once: comparing and repainting frames asks
        /// it of every item, and a list of them beside the items would be an array per run.
        let bounds: PixelRect

        init(key: String, op: DrawOp) {
            (self.key, self.op) = (key, op)
            bounds = op.bounds
        }

        public static func == (a: Item, b: Item) -> Bool { a.key == b.key && a.op == b.op }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(key)
            hasher.combine(op)
        }
    }

    let runs: [DisplayRun]

    public var items: [Item] { runs.flatMap(\.items) }

    init(runs: [DisplayRun]) { self.runs = runs }

    /// Lists that share their runs are equal without comparing their items.
    public static func == (a: DisplayList, b: DisplayList) -> Bool {
        (a.runs.count == b.runs.count && zip(a.runs, b.runs).allSatisfy { $0 === $1 }) || a.items == b.items
    }

    /// The pixels that differ between `old` and this list: for every view whose operations
    /// changed (or that came or went), where it was and where it is.
    public func damage(since old: DisplayList) -> Region {
        changes(since: old, within: nil).shown
    }

    /// What changed since `old` for a canvas covering `bounds` that shows `old`: the scroll
    /// views whose pictures move (nothing under them but plain colour), and the pixels to
    /// draw again once they moved: the strips that come into view, what changed inside,
    /// what is drawn over them, and every other change.
    func changes(since old: DisplayList, within bounds: PixelRect?) -> FrameChanges {
        // Runs handed on unchanged are the same objects: only the middle between the
        // shared head and tail is compared item by item.
        let (a, b) = (old.runs, runs)
        var head = 0
        while head < a.count, head < b.count, a[head] === b[head] { head += 1 }
        var (endA, endB) = (a.count, b.count)
        while endA > head, endB > head, a[endA - 1] === b[endB - 1] { (endA, endB) = (endA - 1, endB - 1) }
        let (before, after) = (a[head..<endA], b[head..<endB])
        var scrolled: [ScrolledView] = []
        var damage = Region()
        var moved = MovedViews()
        if let unshared = Self.unshared(before, after) {
            moved.isOnlyMoves = false
            // What came or went is drawn again whole, where it was and where it is.
            for run in unshared {
                for item in run.items { damage.formUnion(item.op.damagedPixels) }
            }
        } else if before.count == after.count {
            for (x, y) in zip(before, after) where x !== y {
                damage.formUnion(Self.damage(from: x.items, to: y.items, scrolled: &scrolled, moved: &moved))
            }
        } else {
            moved.isOnlyMoves = false
            damage = Self.damage(from: before.flatMap(\.items), to: after.flatMap(\.items), scrolled: &scrolled, moved: &moved)
        }
        if let bounds, scrolled.isEmpty, let copied = copiedChanges(damage, moved, from: before, to: after, within: bounds) {
            return copied
        }
        var moves: [ScrollMove] = []
        for view in scrolled {
            if let (move, inside) = move(of: view, old: old, within: bounds) {
                moves.append(move)
                damage.formUnion(inside)
            } else {
                damage.formUnion(view.clip)
            }
        }
        return FrameChanges(damage: damage, moves: moves)
    }

    /// The runs only one of `before` and `after` has, when the runs both have are the same
    /// objects in the same order but shifted: a list's rows that scroll in and out at its
    /// ends move the rows between along the list, and only the rows that came and went
    /// differ. Nil when that is not so (nothing shifted, or a scroll view came or went).
    private static func unshared(_ before: ArraySlice<DisplayRun>, _ after: ArraySlice<DisplayRun>) -> [DisplayRun]? {
        guard before.count > 1 || after.count > 1 else { return nil }
        if isReplacedInPlace(before, after) { return nil }
        let unshared: [DisplayRun]
        if let ends = outsideSharedStretch(before, after) {
            unshared = ends
        } else {
            let shared = Set(before.map(ObjectIdentifier.init)).intersection(after.map(ObjectIdentifier.init))
            let isShared = { (run: DisplayRun) in shared.contains(ObjectIdentifier(run)) }
            guard let first = before.firstIndex(where: isShared), let moved = after.firstIndex(where: isShared),
                  first - before.startIndex != moved - after.startIndex,
                  zip(before.filter(isShared), after.filter(isShared)).allSatisfy({ $0 === $1 }) else { return nil }
            unshared = before.filter { !isShared($0) } + after.filter { !isShared($0) }
        }
        let holdsScroll = unshared.contains { $0.items.contains { if case .scroll = $0.op { true } else { false } } }
        return holdsScroll ? nil : unshared
    }

    /// True when the first runs were replaced where they were (a key's look, a field's text)
    /// and the runs after them are the same in both: the runs both have start at the same
    /// place, so nothing shifted. Found without hashing every run in between, as a key press
    /// would; a frame that replaced more runs than a few is left to the hashing.
    private static func isReplacedInPlace(_ before: ArraySlice<DisplayRun>, _ after: ArraySlice<DisplayRun>) -> Bool {
        for (old, new) in zip(before, after).prefix(8) {
            if old === new { return true }
            if after.contains(where: { $0 === old }) || before.contains(where: { $0 === new }) { return false }
        }
        return false
    }

    /// The runs outside the stretch both lists share when it starts at the first run of one
    /// of them and lies elsewhere in the other (a scroll frame's rows: some went out at one
    /// end, others came in at the other), found without hashing; nil when it is not so.
    private static func outsideSharedStretch(_ before: ArraySlice<DisplayRun>, _ after: ArraySlice<DisplayRun>) -> [DisplayRun]? {
        guard let firstBefore = before.first, let firstAfter = after.first else { return nil }
        var (i, j) = (before.startIndex, after.startIndex)
        if let k = after.firstIndex(where: { $0 === firstBefore }) {
            j = k
        } else if let k = before.firstIndex(where: { $0 === firstAfter }) {
            i = k
        } else {
            return nil
        }
        guard i - before.startIndex != j - after.startIndex else { return nil }
        let (start, moved) = (i, j)
        while i < before.endIndex, j < after.endIndex, before[i] === after[j] {
            i += 1
            j += 1
        }
        // A change inside the stretch is left to the exact comparison.
        guard i == before.endIndex || j == after.endIndex else { return nil }
        return Array(before[..<start]) + before[i...] + after[..<moved] + after[j...]
    }

    private static func damage(from old: [Item], to new: [Item], scrolled: inout [ScrolledView], moved: inout MovedViews) -> Region {
        // A scrolled list's rows come and go at its ends: the views both frames drew are
        // compared item by item, and those only one of them drew are damage.
        if old.count != new.count || old.first?.key != new.first?.key, let first = old.first, let start = new.first,
           let shift = old.firstIndex(where: { $0.key == start.key }) ?? new.firstIndex(where: { $0.key == first.key }).map({ -$0 }) {
            let (oldStart, newStart) = (max(shift, 0), max(-shift, 0))
            let length = min(old.count - oldStart, new.count - newStart)
            let (a, b) = (old[oldStart..<(oldStart + length)], new[newStart..<(newStart + length)])
            if zip(a, b).allSatisfy({ $0.key == $1.key }) {
                moved.isOnlyMoves = false
                var region = damage(from: Array(a), to: Array(b), scrolled: &scrolled, moved: &moved)
                for item in old[..<oldStart] + old[(oldStart + length)...] { region.formUnion(item.op.damagedPixels) }
                for item in new[..<newStart] + new[(newStart + length)...] { region.formUnion(item.op.damagedPixels) }
                return region
            }
        }
        // Usually the same views drew in the same order: compare item by item.
        if old.count == new.count, zip(old, new).allSatisfy({ $0.key == $1.key }) {
            var region = Region()
            for (before, after) in zip(old, new) where before.op != after.op {
                if case let .scroll(clip, oldOffset, oldContent) = before.op, case let .scroll(newClip, offset, content) = after.op,
                   clip == newClip {
                    moved.isOnlyMoves = false
                    // Old and new content land at the same place once the picture moved.
                    let inside = content.list.damage(since: oldContent.list)
                        .translated(dx: -offset.x, dy: -offset.y).intersection(clip)
                    if oldOffset == offset {
                        region.formUnion(inside)
                    } else {
                        scrolled.append(ScrolledView(key: after.key, clip: clip, move: oldOffset - offset, damage: inside))
                    }
                    continue
                }
                moved.note(before, becoming: after)
                region.formUnion(before.op.changedPixels(becoming: after.op))
            }
            return region
        }
        func grouped(_ items: [Item]) -> [String: [DrawOp]] {
            var groups: [String: [DrawOp]] = [:]
            for item in items { groups[item.key, default: []].append(item.op) }
            return groups
        }
        moved.isOnlyMoves = false
        let before = grouped(old), after = grouped(new)
        var region = Region()
        for (key, ops) in after where before[key] != ops {
            for op in ops { region.formUnion(op.damagedPixels) }
            for op in before[key] ?? [] { region.formUnion(op.damagedPixels) }
        }
        for (key, ops) in before where after[key] == nil {
            for op in ops { region.formUnion(op.damagedPixels) }
        }
        return region
    }

    /// The move of a scroll view's picture, and what must be drawn after it; nil when its
    /// picture cannot move: it moves as far as it is long, or something under it other
    /// than a plain colour would move along.
    private func move(of view: ScrolledView, old: DisplayList, within bounds: PixelRect?) -> (ScrollMove, Region)? {
        let area = bounds.map { view.clip.intersection($0) } ?? view.clip
        let (dx, dy) = (view.move.x, view.move.y)
        guard abs(dx) < area.width, abs(dy) < area.height else { return nil }
        var damage = view.damage
        damage.formUnion(Region(area).subtracting(PixelRect(x: area.x + dx, y: area.y + dy, width: area.width, height: area.height)))
        // What is drawn over the view is drawn again where it is, and where the move took it.
        func isView(_ item: Item) -> Bool {
            guard item.key == view.key, case .scroll = item.op else { return false }
            return true
        }
        var isUnder = true
        for run in runs {
            for item in run.items {
                if isView(item) {
                    isUnder = false
                    continue
                }
                let reach = item.bounds.intersection(area)
                guard !reach.isEmpty else { continue }
                if isUnder {
                    guard item.op.paintsPlainly(over: area) else { return nil }
                } else {
                    damage.formUnion(reach)
                }
            }
        }
        var isOver = false
        for run in old.runs {
            for item in run.items {
                if isView(item) {
                    isOver = true
                } else if isOver {
                    let b = item.bounds
                    let moved = PixelRect(x: b.x + dx, y: b.y + dy, width: b.width, height: b.height)
                    damage.formUnion(moved.intersection(area))
                }
            }
        }
        return (ScrollMove(clip: area, dx: dx, dy: dy), damage)
    }
}

/// What comparing two frames item by item found of moves: whether every change was one
/// by the same whole pixels, and the bounds of what moved, before and after.
private struct MovedViews {
    var isOnlyMoves = true
    var offset: PixelOffset?
    var was = PixelRect.zero
    var now = PixelRect.zero

    mutating func note(_ old: DisplayList.Item, becoming new: DisplayList.Item) {
        guard isOnlyMoves else { return }
        guard let moved = old.op.wholePixelOffset(to: new.op), offset == nil || offset == moved else {
            isOnlyMoves = false
            return
        }
        offset = moved
        let (a, b) = (old.bounds, new.bounds)
        (was, now) = (was.isEmpty ? a : was.union(a), now.isEmpty ? b : now.union(b))
    }
}

extension DisplayList {
    /// The changes of a frame in which the runs that changed (`before` becoming `after`,
    /// this list's) did so by views moving together by whole pixels (`moved`), with nothing
    /// drawn where they were and are but a plain colour under them (a card dragged over the
    /// background): of `damage`, the pixels where they are now are copied from where they
    /// were, and only the rest is drawn. Nil when that is not so.
    fileprivate func copiedChanges(_ damage: Region, _ moved: MovedViews, from before: ArraySlice<DisplayRun>,
                                   to after: ArraySlice<DisplayRun>, within bounds: PixelRect) -> FrameChanges? {
        guard moved.isOnlyMoves, let offset = moved.offset, !moved.now.isEmpty else { return nil }
        let (was, now) = (moved.was, moved.now)
        let area = was.union(now)
        guard bounds.contains(area), now == PixelRect(x: was.x + offset.x, y: was.y + offset.y, width: was.width, height: was.height)
        else { return nil }
        // Under the moved views only a plain colour, which a copy leaves as it is; over them nothing.
        var isUnder = true
        for (r, run) in runs.enumerated() {
            let old = after.indices.contains(r) ? before[before.startIndex + r - after.startIndex] : nil
            guard old != nil || !run.extent.intersection(area).isEmpty else { continue }
            for (i, item) in run.items.enumerated() {
                if let old, old.items[i].op != item.op {
                    isUnder = false
                } else if !item.bounds.intersection(area).isEmpty {
                    guard isUnder, item.op.paintsPlainly(over: area) else { return nil }
                }
            }
        }
        var copies = damage.intersection(now).rects
        // A copy must not read what another one wrote: then their bounds are copied in one.
        let overlapping = copies.indices.contains { i in
            copies.indices.contains { j in
                let source = PixelRect(x: copies[j].x - offset.x, y: copies[j].y - offset.y, width: copies[j].width, height: copies[j].height)
                return i != j && !copies[i].intersection(source).isEmpty
            }
        }
        var shown = damage
        if overlapping {
            copies = [Region(copies).bounds]
            shown.formUnion(copies[0])
        }
        return FrameChanges(damage: damage.subtracting(now), copies: PixelCopies(rects: copies, offset: offset), shown: shown)
    }
}

/// A frame's changes: scroll views whose pictures move first, then pixels copied from
/// where a moved view was, then the pixels to draw.
struct FrameChanges {
    private(set) var damage: Region
    private(set) var moves: [ScrollMove] = []
    private(set) var copies = PixelCopies()
    /// Every pixel the frame changed, moved, copied or drawn: what the display must show anew.
    private(set) var shown: Region

    /// Scroll views' pictures moved, and `damage` drawn.
    init(damage: Region, moves: [ScrollMove] = []) {
        (self.damage, self.moves) = (damage, moves)
        shown = damage
        guard !moves.isEmpty else { return }
        shown.reserveCapacity(damage.rects.count + moves.count)
        for move in moves { shown.formUnion(move.clip) }
    }

    /// Pixels copied and `damage` drawn, which together show `shown`: the damage found before
    /// the copied pixels were taken out of it, so that a drag's frame works out no union.
    init(damage: Region, copies: PixelCopies, shown: Region) {
        (self.damage, self.copies, self.shown) = (damage, copies, shown)
    }

    /// Keeps what lies inside `bounds`, the canvas.
    mutating func clip(to bounds: PixelRect) {
        damage = damage.intersection(bounds)
        shown = shown.intersection(bounds)
    }
}

/// Pixels that take the values `offset` back: where views moved together by whole pixels are now.
struct PixelCopies {
    var rects: [PixelRect] = []
    var offset = PixelOffset.zero

    var isEmpty: Bool { rects.isEmpty }
}

/// A scroll view whose offset changed: its picture may move by `move` rather than be drawn
/// again, and `damage` changed inside it.
private struct ScrolledView {
    let key: String
    let clip: PixelRect
    let move: PixelOffset
    let damage: Region
}

extension DrawOp {
    /// How far `other` is this operation moved by whole pixels, nothing else changed; nil
    /// when it is not that (or an operation whose pixels do not simply move along).
    fileprivate func wholePixelOffset(to other: DrawOp) -> PixelOffset? {
        // Everything but the rectangle must be the same (what `shifted(by:)` keeps), compared
        // in place rather than by making the shifted operation.
        let (from, to): (Rect, Rect)
        switch (self, other) {
        case let (.fill(shape, a, paint, opacity, shadow), .fill(newShape, b, newPaint, newOpacity, newShadow)):
            guard shape == newShape, paint == newPaint, opacity == newOpacity, shadow == newShadow else { return nil }
            (from, to) = (a, b)
        case let (.border(shape, a, lineWidth, paint, opacity), .border(newShape, b, newLineWidth, newPaint, newOpacity)):
            guard shape == newShape, lineWidth == newLineWidth, paint == newPaint, opacity == newOpacity else { return nil }
            (from, to) = (a, b)
        case let (.text(text, a), .text(newText, b)):
            guard text == newText else { return nil }
            (from, to) = (a, b)
        case let (.image(image, a, opacity), .image(newImage, b, newOpacity)):
            guard image == newImage, opacity == newOpacity else { return nil }
            (from, to) = (a, b)
        default:
            return nil
        }
        let (dx, dy) = (to.minX - from.minX, to.minY - from.minY)
        guard dx.rounded() == dx, dy.rounded() == dy, abs(dx) < 1e6, abs(dy) < 1e6, dx != 0 || dy != 0,
              from.offsetBy(dx: dx, dy: dy) == to else { return nil }
        return PixelOffset(x: Int(dx), y: Int(dy))
    }

    /// True when the operation paints one colour over all of `area`: there is nothing there
    /// a scroll could move.
    fileprivate func paintsPlainly(over area: PixelRect) -> Bool {
        guard case let .fill(shape, rect, .color, _, shadow) = self, shadow == nil else { return false }
        return shape.coveredPixels(in: rect).contains { $0.contains(area) }
    }
}

/// A piece of what nodes emitted: a run of items, or a group of pieces. An object, so that
/// what a node keeps of its emission is one reference: the nodes on the way to a changed
/// view drop theirs every frame of a drag.
protocol EmissionPart: AnyObject {
    /// Appends the runs of this part, in order, to `runs`.
    func appendRuns(to runs: inout [DisplayRun])
}

/// Consecutive items of a display list and the pixels they reach, worked out once.
final class DisplayRun: EmissionPart {
    let items: [DisplayList.Item]
    /// The union of the items' bounds.
    let extent: PixelRect

    init(_ items: [DisplayList.Item]) {
        self.items = items
        extent = items.reduce(PixelRect.zero) { $0.isEmpty ? $1.bounds : ($1.bounds.isEmpty ? $0 : $0.union($1.bounds)) }
    }

    func appendRuns(to runs: inout [DisplayRun]) { runs.append(self) }
}

/// What a retaining node's subtree emitted: its own runs and the groups of the retaining
/// nodes inside, in painting order. A frame that re-emits the way down to one changed view
/// hands on the groups beside it whole, so each node on the way costs its own parts rather
/// than every run below it; the runs are laid out flat once, for the frame's list.
final class EmissionGroup: EmissionPart {
    let parts: [any EmissionPart]

    init(_ parts: [any EmissionPart]) { self.parts = parts }

    func appendRuns(to runs: inout [DisplayRun]) {
        for part in parts { part.appendRuns(to: &runs) }
    }
}

/// What a retaining node emitted, and the inherited opacity, shadow and shift it emitted under.
struct RetainedEmission {
    /// Its runs and groups: one part when that is all, so a chain of modifiers round one
    /// view hands on one group rather than a group per link; nil when it emitted nothing.
    let part: (any EmissionPart)?
    let opacity: Double
    let shadow: Shadow?
    var shift: PixelOffset
}

/// Collects draw operations while nodes emit, applying the opacity and shadow of the
/// modifiers above and sampling running animations at the frame's time.
final class Emitter {
    // Emitting is single-threaded and never re-enters an access: the dynamic exclusivity
    // checks on these hot fields cost more than the frame's bookkeeping.
    @exclusivity(unchecked) private var parts: [any EmissionPart] = []
    @exclusivity(unchecked) private var pending: [DisplayList.Item] = []
    @exclusivity(unchecked) var opacity = 1.0
    @exclusivity(unchecked) var shadow: Shadow?
    /// Added to every operation: inside a scroll view, its offset, so the content is emitted
    /// in its own coordinates.
    @exclusivity(unchecked) var shift = PixelOffset.zero
    let animations: AnimationTracks
    private(set) var time: Microseconds

    init(animations: AnimationTracks, time: Microseconds) {
        self.animations = animations
        self.time = time
    }

    /// Starts a frame at `time` with what the last one collected cleared: a host emits with
    /// one emitter, whose list of parts keeps its room from frame to frame.
    func begin(at time: Microseconds) {
        self.time = time
        parts.emptyKeepingCapacity()
        pending.emptyKeepingCapacity()
        (opacity, shadow, shift) = (1, nil, .zero)
    }

    func add(_ op: DrawOp, key: String) {
        guard op.isDrawable else { return }
        let op = op.shifted(by: shift)
        switch (op, shadow) {
        case (.text, let shadow?), (.image, let shadow?), (.border, let shadow?):
            // A fill casts its shadow itself; text, an image or a stroke casts it as a layer.
            pending.append(.init(key: key, op: .layer(LayerEffect(shadow: shadow), DrawGroup([op]))))
        default:
            pending.append(.init(key: key, op: op))
        }
    }

    /// Emits `node`'s subtree, handing on what it emitted last time when that still holds:
    /// nothing inside was replaced (which drops the node's emission), nothing inside is
    /// animating, and the opacity, shadow and shift from above are the same.
    func emitRetaining(_ node: Node) {
        seal()
        if let kept = node.emission, kept.opacity == opacity, kept.shadow == shadow, kept.shift == shift,
           !animations.isAnimating(inside: node.path) {
            if let part = kept.part { parts.append(part) }
            return
        }
        // The node's parts are collected on top of the ones before them rather than in an
        // array of their own: a chain of modifiers emitting one part each allocates nothing.
        let start = parts.count
        node.emitOperations(self)
        seal()
        let part: (any EmissionPart)?
        switch parts.count - start {
        case 0: part = nil
        case 1: part = parts.removeLast()
        default:
            part = EmissionGroup(Array(parts[start...]))
            parts.removeSubrange(start...)
        }
        if let part { parts.append(part) }
        node.emission = animations.isAnimating(inside: node.path)
            ? nil : RetainedEmission(part: part, opacity: opacity, shadow: shadow, shift: shift)
    }

    /// Closes the run being collected, so a retaining node's runs start and end with it.
    private func seal() {
        guard !pending.isEmpty else { return }
        parts.append(DisplayRun(pending))
        pending = []
    }

    /// The value an animatable node shows now: its target, or where its animation is.
    func animated(_ target: AnimatableValues, at path: String) -> AnimatableValues {
        animations.value(at: path, target: target, time: time)
    }

    /// Runs `body` collecting its operations apart, and returns them.
    func collect(_ body: () -> Void) -> [DrawOp] {
        collectList(body).runs.flatMap { $0.items.map(\.op) }
    }

    /// Runs `body` collecting its items apart, and returns them as a list of their own.
    func collectList(_ body: () -> Void) -> DisplayList {
        let (savedParts, savedPending) = (parts, pending)
        (parts, pending) = ([], [])
        body()
        let list = displayList
        (parts, pending) = (savedParts, savedPending)
        return list
    }

    var displayList: DisplayList {
        seal()
        var runs: [DisplayRun] = []
        for part in parts { part.appendRuns(to: &runs) }
        return DisplayList(runs: runs)
    }
}
