import KioskGraphics

/// The lengths of a lazy stack's rows met so far, kept across resolutions (in the host's
/// state store) for the cross length they were measured at.
final class LazyRowLengths {
    var cross: Double?
    var lengths: [Int: Double] = [:]
    var total = 0.0

    /// The length taken for a row not met yet: the average of those met.
    var estimate: Double { lengths.isEmpty ? 0 : total / Double(lengths.count) }

    func note(_ length: Double, at index: Int) {
        total += length - (lengths[index] ?? 0)
        lengths[index] = length
    }

    func reset(cross: Double?) {
        self.cross = cross
        lengths.removeAll()
        total = 0
    }
}

/// A lazy stack: only the rows in `viewport` (set by the scroll view around it), grown by
/// `margin`, are made and placed; the others count at their measured or estimated length.
/// With `pinsHeaders`, the header of the section at the viewport's leading edge stays at that
/// edge while its section scrolls under it, until the section's end pushes it out (UIKit's
/// plain-table headers); it is the last child, so it draws over its rows. With `pinsFooters`,
/// the footer of the section at the viewport's trailing edge stays at that edge in the same
/// way, until the section's start pulls it down.
final class LazyStackNode: Node {
    let axis: Axis
    let alignment: Alignment
    let spacing: Double
    let rows: LazyRows
    let cache: LazyRowLengths
    let pinsHeaders: Bool
    let pinsFooters: Bool
    /// The resolution the rows are made in: a row dropped gives its button ids back to it.
    let session: ResolveSession
    /// The part of the screen the scroll view around it shows; nil shows every row.
    var viewport: Rect?
    /// How far beyond the viewport rows are made, so a scroll frame rarely makes one.
    static let margin = 100.0

    private var made: [Int: Node] = [:]
    private var madeList: [Node] = []
    /// Rows that went out of view, kept as they were made and laid out: a list scrolled
    /// back and forth brings them back without resolving them again.
    private var kept: [Int: Node] = [:]
    /// How many rows out of view are kept; those farthest from the view go first.
    var keptLimit = 256
    /// Set once a row made holds a lazy stack of its own: the scroll view then looks for
    /// lazy stacks again when rows come or go.
    private(set) var rowsHoldLazyStacks = false
    /// Set when rows were measured for the first time: the stack's length changed.
    var learnedLengths = false

    init(axis: Axis, alignment: Alignment, spacing: Double, rows: LazyRows, cache: LazyRowLengths, pinsHeaders: Bool = false,
         pinsFooters: Bool = false, session: ResolveSession, path: String) {
        self.axis = axis
        self.alignment = alignment
        self.spacing = spacing
        self.rows = rows
        self.cache = cache
        self.pinsHeaders = pinsHeaders
        self.pinsFooters = pinsFooters
        self.session = session
        super.init(path: path)
    }

    override var children: [Node] { madeList }

    /// How many rows are placed now (for tests and tools).
    var madeRowCount: Int { made.count }

    /// The indices of the rows out of view that are kept (for tests and tools).
    var keptRows: [Int] { kept.keys.sorted() }

    private var crossAxis: Axis { axis == .horizontal ? .vertical : .horizontal }

    private func row(_ index: Int) -> Node {
        if let node = made[index] { return node }
        if let node = kept.removeValue(forKey: index) {
            made[index] = node
            return node
        }
        let node = rows.make(index)
        if !rowsHoldLazyStacks { node.forEachNode { if $0 is LazyStackNode { rowsHoldLazyStacks = true } } }
        made[index] = node
        return node
    }

    private func length(of index: Int, cross: Double?) -> Double {
        if let known = cache.lengths[index] { return known }
        let size = row(index).sizeThatFits(.along(axis, nil, cross: cross))
        cache.note(size[axis], at: index)
        learnedLengths = true
        return size[axis]
    }

    private func prepare(cross: Double?) {
        if cache.cross != cross { cache.reset(cross: cross) }
        if cache.lengths.isEmpty, rows.count > 0 { _ = length(of: 0, cross: cross) }
    }

    override func measure(_ proposal: ProposedSize) -> Size {
        let cross = proposal[crossAxis]
        prepare(cross: cross)
        let estimate = cache.estimate
        let unknown = rows.count - cache.lengths.count
        let main = cache.total + estimate * Double(unknown) + spacing * Double(max(rows.count - 1, 0))
        let crossLength = cross.flatMap { $0.isFinite ? $0 : nil }
            ?? made.values.map { $0.sizeThatFits(.along(axis, nil, cross: cross))[crossAxis] }.max() ?? 0
        return .along(axis, main, cross: crossLength)
    }

    /// A row placed in view: its index, and where its slot starts (from the stack's leading
    /// edge, so it holds while the stack only moves) and how long it is.
    private struct Slot {
        let index: Int
        let start: Double
        let length: Double
        var end: Double { start + length }
    }

    /// The rows placed in view, in order, and those of them pinned (a header, a footer).
    private var slots: [Slot] = []
    private var pinned: [Int] = []

    private var leadingEdge: Double { axis == .horizontal ? frame.minX : frame.minY }

    /// The part of the stack rows are made for, from its leading edge.
    private var window: ClosedRange<Double> {
        guard let viewport else { return 0...frame.size[axis] }
        let (low, high) = axis == .horizontal ? (viewport.minX, viewport.maxX) : (viewport.minY, viewport.maxY)
        return (low - Self.margin - leadingEdge)...(high + Self.margin - leadingEdge)
    }

    override func place(in rect: Rect) {
        frame = rect
        let cross = rect.size[crossAxis]
        prepare(cross: cross)
        let window = self.window
        var position = 0.0
        var placed: [Slot] = []
        var index = 0
        let estimate = cache.estimate
        while index < rows.count, position < window.upperBound {
            let known = cache.lengths[index] ?? estimate
            if position + known >= window.lowerBound {
                let length = length(of: index, cross: cross)
                placed.append(Slot(index: index, start: position, length: length))
                position += length + spacing
            } else {
                position += known + spacing
            }
            index += 1
        }
        for slot in placed { place(slot) }
        slots = placed
        pinned = []
        pinSectionEnds()
        keepOnlyPlacedRows()
    }

    /// Brings the rows in line with the viewport after the stack only moved (a scroll
    /// frame): the rows still in view keep their places, the rows coming in are made and
    /// placed beside them, and those gone out are dropped. Returns whether the rows changed,
    /// or nil when the stack must be placed again whole: the viewport jumped past the rows
    /// placed, or a row coming in above them had another length than counted.
    func followViewport() -> Bool? {
        guard viewport != nil, !slots.isEmpty else { return nil }
        let window = self.window
        guard slots[0].start < window.upperBound, slots[slots.count - 1].end >= window.lowerBound else { return nil }
        let cross = frame.size[crossAxis]
        var changed = false
        while let slot = slots.last, slot.start >= window.upperBound {
            slots.removeLast()
            changed = true
        }
        while let slot = slots.first, slot.end < window.lowerBound {
            slots.removeFirst()
            changed = true
        }
        while let last = slots.last, last.index + 1 < rows.count, last.end + spacing < window.upperBound {
            let slot = Slot(index: last.index + 1, start: last.end + spacing, length: length(of: last.index + 1, cross: cross))
            place(slot)
            slots.append(slot)
            changed = true
        }
        while let first = slots.first, first.index > 0 {
            let known = cache.lengths[first.index - 1] ?? cache.estimate
            let start = first.start - spacing - known
            guard start + known >= window.lowerBound else { break }
            // A row met for the first time moves every row after it unless it is as long as counted.
            guard length(of: first.index - 1, cross: cross) == known else { return nil }
            let slot = Slot(index: first.index - 1, start: start, length: known)
            place(slot)
            slots.insert(slot, at: 0)
            changed = true
        }
        if pinsHeaders || pinsFooters {
            // The rows pinned last go back to their own places, if they are still in view.
            for slot in slots where pinned.contains(slot.index) { place(slot) }
            changed = changed || !pinned.isEmpty
            pinned = []
            pinSectionEnds()
            changed = changed || !pinned.isEmpty
        }
        if changed { keepOnlyPlacedRows() }
        return changed
    }

    override func translateOwnGeometry(by offset: PixelOffset) {
        viewport = viewport?.offsetBy(dx: Double(offset.x), dy: Double(offset.y))
    }

    /// Places the row of `slot`.
    private func place(_ slot: Slot) {
        _ = place(slot.index, at: leadingEdge + slot.start, length: slot.length, in: frame)
    }

    /// Pins the header of the section at the viewport's leading edge and the footer of the
    /// one at its trailing edge, where they have them.
    private func pinSectionEnds() {
        guard let view = viewport else { return }
        let (edge, trailingEdge) = axis == .horizontal ? (view.minX, view.maxX) : (view.minY, view.maxY)
        // The rows at the viewport's leading and trailing edges, and where they start.
        if pinsHeaders, let top = slots.first(where: { leadingEdge + $0.end > edge }),
           let header = pinHeader(above: (top.index, leadingEdge + top.start), edge: edge, in: frame) {
            pinned.append(header.index)
        }
        if pinsFooters,
           let bottom = slots.first(where: { leadingEdge + $0.start < trailingEdge && leadingEdge + $0.end >= trailingEdge }),
           let footer = pinFooter(below: (bottom.index, leadingEdge + bottom.start), edge: trailingEdge, in: frame) {
            pinned.append(footer.index)
        }
    }

    /// Keeps the rows placed, and only them, as the children: in order, a pinned header last
    /// so it draws over its rows.
    private func keepOnlyPlacedRows() {
        var order: [Node] = []
        order.reserveCapacity(slots.count + pinned.count)
        for slot in slots where !pinned.contains(slot.index) { order.append(row(slot.index)) }
        for index in pinned { order.append(row(index)) }
        // The slots run over consecutive rows: those made outside them, and not pinned, went out of view.
        let placed = (slots.first?.index ?? 0)..<((slots.last?.index ?? -1) + 1)
        let gone = made.keys.filter { !placed.contains($0) && !pinned.contains($0) }
        for index in gone {
            guard let node = made.removeValue(forKey: index) else { continue }
            if node.showsPressedButton { discard(node) } else { kept[index] = node }
        }
        madeList = order
        trimKeptRows()
    }

    /// Drops the kept rows beyond `keptLimit`, those farthest from the rows in view first.
    private func trimKeptRows() {
        guard kept.count > keptLimit else { return }
        let middle = slots.isEmpty ? 0 : slots[slots.count / 2].index
        let farthest = kept.keys.sorted { abs($0 - middle) > abs($1 - middle) }
        for index in farthest.prefix(kept.count - keptLimit) {
            if let node = kept.removeValue(forKey: index) { discard(node) }
        }
    }

    /// Gives the button ids in a row that is dropped back to the resolution that claimed
    /// them, with those of the rows a lazy stack inside it kept.
    private func discard(_ row: Node) {
        row.forEachNode { node in
            if let pressable = node as? PressableNode { session.release(pressable.id) }
            if let stack = node as? LazyStackNode { stack.kept.values.forEach(stack.discard) }
        }
    }

    /// Places the row at `index` in its slot starting at `position`.
    private func place(_ index: Int, at position: Double, length: Double, in rect: Rect) -> Node {
        let returning = made[index] == nil ? kept[index] : nil
        let node = row(index)
        let cross = rect.size[crossAxis]
        let size = node.sizeThatFits(.along(axis, length, cross: cross))
        let slot = axis == .horizontal
            ? Rect(x: position, y: rect.minY, width: length, height: rect.height)
            : Rect(x: rect.minX, y: position, width: rect.width, height: length)
        let along = axis == .horizontal
            ? Alignment(horizontal: .leading, vertical: alignment.vertical)
            : Alignment(horizontal: alignment.horizontal, vertical: .top)
        let rect = along.place(size, in: slot)
        // A kept row coming back is moved to its place when it lands on whole pixels as it was.
        let (dx, dy) = (rect.minX - node.frame.minX, rect.minY - node.frame.minY)
        if returning != nil, rect.size == node.frame.size, dx == dx.rounded(), dy == dy.rounded(), abs(dx) < 1e9, abs(dy) < 1e9 {
            node.translate(by: PixelOffset(x: Int(dx), y: Int(dy)))
        } else {
            node.place(in: rect)
        }
        return node
    }

    /// Places the header of the section `top` is in at the viewport's edge (or where it
    /// lies, when further in), no further than its section's end allows.
    private func pinHeader(above top: (index: Int, start: Double), edge: Double, in rect: Rect) -> (index: Int, node: Node)? {
        guard let section = rows.section(top.index), section.hasHeader else { return nil }
        let header = section.rows.lowerBound
        let cross = rect.size[crossAxis]
        let estimate = cache.estimate
        var natural = top.start
        for i in header..<top.index { natural -= (cache.lengths[i] ?? estimate) + spacing }
        let length = length(of: header, cross: cross)
        // The section's end, or far enough to know it does not push the header.
        var end = top.start
        for i in top.index..<section.rows.upperBound {
            if i > top.index { end += spacing }
            end += cache.lengths[i] ?? estimate
            if end > edge + length { break }
        }
        let position = max(natural, min(edge, end - length))
        return (header, place(header, at: position, length: length, in: rect))
    }

    /// Places the footer of the section `bottom` is in at the viewport's trailing edge (or
    /// where it lies, when further in), no further than its section's start allows.
    private func pinFooter(below bottom: (index: Int, start: Double), edge: Double, in rect: Rect) -> (index: Int, node: Node)? {
        guard let section = rows.section(bottom.index), section.hasFooter else { return nil }
        let footer = section.rows.upperBound - 1
        let length = length(of: footer, cross: rect.size[crossAxis])
        let estimate = cache.estimate
        // Where the footer lies, or far enough to know it lies past the edge.
        var natural = bottom.start
        for i in bottom.index..<footer where natural < edge { natural += (cache.lengths[i] ?? estimate) + spacing }
        // The section's start, or far enough back to know it does not pull the footer.
        var start = bottom.start
        for i in (section.rows.lowerBound..<bottom.index).reversed() where start > edge - length {
            start -= (cache.lengths[i] ?? estimate) + spacing
        }
        let position = min(natural, max(edge - length, start))
        return (footer, place(footer, at: position, length: length, in: rect))
    }

    /// The rectangle of the row with identity `id` (made or not), in screen coordinates.
    func frame(ofRow id: String) -> Rect? {
        guard let index = (0..<rows.count).first(where: { rows.identity($0).map { $0.hasSuffix(id) } ?? false }) else { return nil }
        let estimate = cache.estimate
        var position = axis == .horizontal ? frame.minX : frame.minY
        for i in 0..<index { position += (cache.lengths[i] ?? estimate) + spacing }
        let length = cache.lengths[index] ?? estimate
        return axis == .horizontal
            ? Rect(x: position, y: frame.minY, width: length, height: frame.height)
            : Rect(x: frame.minX, y: position, width: frame.width, height: length)
    }
}

extension Node {
    /// True when a button in this subtree shows its pressed look: such a row is not kept
    /// out of view, where its release could not reach it.
    fileprivate var showsPressedButton: Bool {
        var found = false
        forEachNode { if ($0 as? PressableNode)?.showsPressed == true { found = true } }
        return found
    }
}
