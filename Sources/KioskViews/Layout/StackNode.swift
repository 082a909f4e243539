import KioskGraphics

/// HStack and VStack layout in the SwiftUI manner: the least flexible children are sized
/// first, each offered an equal share of what is left; spacers take what remains.
final class StackNode: Node {
    private(set) var axis: Axis
    private(set) var alignment: Alignment
    private(set) var spacing: Double
    let items: [Node]
    private var sizes: [Size] = []

    init(axis: Axis, alignment: Alignment, spacing: Double, children: [Node], path: String) {
        self.axis = axis
        self.alignment = alignment
        self.spacing = spacing
        self.items = children
        super.init(path: path)
    }

    override var updatesInPlace: Bool { true }

    override func adopt(_ new: Node) -> Bool {
        let new = new as! StackNode
        guard axis != new.axis || alignment != new.alignment || spacing != new.spacing else { return false }
        (axis, alignment, spacing) = (new.axis, new.alignment, new.spacing)
        return true
    }

    override func forgetMeasurements() {
        super.forgetMeasurements()
        splits.removeAll()
    }

    override var children: [Node] { items }
    override var retainsEmission: Bool { true }

    private var totalSpacing: Double {
        var total = 0.0
        for i in items.indices.dropFirst() where !(items[i].isSpacer && items[i - 1].isSpacer) { total += spacing }
        return total
    }

    /// The children's sizes for `proposal`.
    private func layout(_ proposal: ProposedSize) -> [Size] {
        let cross = proposal[axis == .horizontal ? .vertical : .horizontal]
        guard let available = proposal[axis] else {
            return items.map { $0.sizeThatFits(.along(axis, nil, cross: cross)) }
        }
        let flexibility = items.map { item -> Double in
            let least = item.sizeThatFits(.along(axis, 0, cross: cross))[axis]
            let most = item.sizeThatFits(.along(axis, .infinity, cross: cross))[axis]
            return most - least
        }
        // Spacers last, then by flexibility: rigid children get what they need first.
        let order = items.indices.sorted {
            (items[$0].isSpacer ? 1 : 0, flexibility[$0], $0) < (items[$1].isSpacer ? 1 : 0, flexibility[$1], $1)
        }
        var remaining = max(available - totalSpacing, 0)
        var left = items.count
        var sizes = [Size](repeating: .zero, count: items.count)
        for index in order {
            let share = remaining / Double(left)
            let size = items[index].sizeThatFits(.along(axis, share, cross: cross))
            sizes[index] = size
            remaining = max(remaining - size[axis], 0)
            left -= 1
        }
        return sizes
    }

    /// The children's sizes behind each size this stack answered: placed in a rect of a
    /// size it answered, the stack keeps that split. Split again for its own size, the
    /// children could share it differently (a label wrapping in a stack that had room).
    private var splits: [Size: [Size]] = [:]

    override func measure(_ proposal: ProposedSize) -> Size {
        let sizes = layout(proposal)
        let main = sizes.reduce(0) { $0 + $1[axis] } + (items.isEmpty ? 0 : totalSpacing)
        let cross = sizes.map { $0[axis == .horizontal ? .vertical : .horizontal] }.max() ?? 0
        let size = Size.along(axis, main, cross: cross)
        if splits.count >= 6 { splits.removeAll() }
        splits[size] = sizes
        return size
    }

    override func place(in rect: Rect) {
        super.place(in: rect)
        let sizes = splits[rect.size] ?? layout(ProposedSize(rect.size))
        var position = axis == .horizontal ? rect.minX : rect.minY
        for (i, item) in items.enumerated() {
            if i > 0, !(item.isSpacer && items[i - 1].isSpacer) { position += spacing }
            let size = sizes[i]
            let slot = axis == .horizontal
                ? Rect(x: position, y: rect.minY, width: size.width, height: rect.height)
                : Rect(x: rect.minX, y: position, width: rect.width, height: size.height)
            let along = axis == .horizontal
                ? Alignment(horizontal: .leading, vertical: alignment.vertical)
                : Alignment(horizontal: alignment.horizontal, vertical: .top)
            item.place(in: along.place(size, in: slot))
            position += size[axis]
        }
    }
}

/// ZStack: children on top of each other, aligned within the largest.
final class ZStackNode: Node {
    private(set) var alignment: Alignment
    let items: [Node]

    init(alignment: Alignment, children: [Node], path: String) {
        self.alignment = alignment
        self.items = children
        super.init(path: path)
    }

    override var updatesInPlace: Bool { true }

    override func adopt(_ new: Node) -> Bool { Node.adopt(&alignment, (new as! ZStackNode).alignment) }

    override var children: [Node] { items }
    override var retainsEmission: Bool { true }

    override func measure(_ proposal: ProposedSize) -> Size {
        items.map { $0.sizeThatFits(proposal) }.reduce(Size.zero) {
            Size(width: max($0.width, $1.width), height: max($0.height, $1.height))
        }
    }

    override func place(in rect: Rect) {
        super.place(in: rect)
        for item in items { item.place(in: alignment.place(item.sizeThatFits(ProposedSize(rect.size)), in: rect)) }
    }
}

/// A grid of `columns` equal columns, row by row. Offered a height, rows share it equally
/// and cells fill it (a kiosk's button grid); otherwise each row is as tall as its tallest cell.
final class GridNode: Node {
    let columns: Int
    let spacing: Double
    /// Rows fill from the right.
    let rightToLeft: Bool
    let items: [Node]

    init(columns: Int, spacing: Double, rightToLeft: Bool = false, children: [Node], path: String) {
        self.columns = max(columns, 1)
        self.spacing = spacing
        self.rightToLeft = rightToLeft
        self.items = children
        super.init(path: path)
    }

    override var children: [Node] { items }
    override var retainsEmission: Bool { true }

    private var rows: Int { (items.count + columns - 1) / columns }

    private func cellWidth(_ width: Double?) -> Double? {
        width.map { max(($0 - spacing * Double(columns - 1)) / Double(columns), 0) }
    }

    private func rowHeights(_ proposal: ProposedSize) -> [Double] {
        if let height = proposal.height, height.isFinite {
            let each = max((height - spacing * Double(max(rows - 1, 0))) / Double(max(rows, 1)), 0)
            return Array(repeating: each, count: rows)
        }
        let width = cellWidth(proposal.width)
        return (0..<rows).map { row in
            items[(row * columns)..<min((row + 1) * columns, items.count)]
                .map { $0.sizeThatFits(ProposedSize(width: width, height: nil)).height }.max() ?? 0
        }
    }

    override func measure(_ proposal: ProposedSize) -> Size {
        let heights = rowHeights(proposal)
        let height = heights.reduce(0, +) + spacing * Double(max(rows - 1, 0))
        let width: Double
        if let w = proposal.width, w.isFinite {
            width = w
        } else {
            let widest = items.map { $0.sizeThatFits(.unspecified).width }.max() ?? 0
            width = widest * Double(columns) + spacing * Double(columns - 1)
        }
        return Size(width: width, height: height)
    }

    override func place(in rect: Rect) {
        super.place(in: rect)
        let width = cellWidth(rect.width) ?? 0
        let heights = rowHeights(ProposedSize(rect.size))
        var y = rect.minY
        for row in 0..<rows {
            for column in 0..<columns {
                let index = row * columns + column
                guard index < items.count else { break }
                let position = rightToLeft ? columns - 1 - column : column
                let cell = Rect(x: (rect.minX + Double(position) * (width + spacing)).rounded(), y: y.rounded(),
                                width: width.rounded(.down), height: heights[row].rounded(.down))
                let size = items[index].sizeThatFits(ProposedSize(cell.size))
                items[index].place(in: Alignment.center.place(size, in: cell))
            }
            y += heights[row] + spacing
        }
    }
}
