import KioskGraphics

/// The accessibility elements of a laid-out view tree, the way a screen reader reads them:
/// a button is one element named by the text inside it, a text or an image is an element
/// of its own, hidden views are left out, and accessibility modifiers change, join or make
/// elements. The order is the reading order.
enum AccessibilityTree {
    /// `root`'s elements in reading order for `direction`.
    static func elements(of root: Node, direction: LayoutDirection) -> [AccessibilityElement] {
        readingOrder(collect(root), direction: direction)
    }

    /// Higher sort priority first; then rows from top to bottom, each row from the leading
    /// side. An element starting above the middle of a row's first element is in that row,
    /// so a short text beside a tall button is read with it.
    static func readingOrder(_ elements: [AccessibilityElement], direction: LayoutDirection) -> [AccessibilityElement] {
        let priorities = Set(elements.map(\.sortPriority)).sorted(by: >)
        return priorities.flatMap { priority in
            let group = elements.filter { $0.sortPriority == priority }.sorted { $0.frame.minY < $1.frame.minY }
            var rows: [[AccessibilityElement]] = []
            for element in group {
                if let first = rows.last?.first, element.frame.minY < first.frame.center.y {
                    rows[rows.count - 1].append(element)
                } else {
                    rows.append([element])
                }
            }
            return rows.flatMap { row in
                row.sorted { direction == .rightToLeft ? $0.frame.maxX > $1.frame.maxX : $0.frame.minX < $1.frame.minX }
            }
        }
    }

    /// The elements of `node`'s subtree, in tree order.
    private static func collect(_ node: Node) -> [AccessibilityElement] {
        switch node {
        case is HiddenNode:
            return []
        case let modified as AccessibilityNode:
            return collect(modified)
        case let button as PressableNode:
            var element = combined(collect(button.child), id: button.id, frame: button.frame)
            element.traits.subtract([.isStaticText, .isImage])
            element.traits.insert(.isButton)
            if !button.press.isEnabled { element.traits.insert(.isDisabled) }
            element.action = element.action ?? { button.action(.accessibility) }
            return [element]
        case let text as TextNode:
            let label = text.text.runs.map(\.string).joined()
            return label.isEmpty ? [] : [AccessibilityElement(id: text.path, label: label, traits: .isStaticText, frame: text.frame)]
        case let image as ImageNode:
            return [AccessibilityElement(id: image.path, label: "", traits: .isImage, frame: image.frame)]
        case let stack as LazyStackNode:
            // Only the rows that show are elements, as a table's visible cells are: the ones
            // made beyond the edge, ready for a scroll, are not there yet for the reader.
            guard let viewport = stack.viewport else { return stack.children.flatMap(collect) }
            return stack.children.filter { !$0.frame.intersection(viewport).isEmpty }.flatMap(collect)
        default:
            return node.children.flatMap(collect)
        }
    }

    /// Applies a modifier to the elements inside it, made into one first when it says so.
    private static func collect(_ node: AccessibilityNode) -> [AccessibilityElement] {
        let properties = node.properties
        guard !properties.isHidden else { return [] }
        var elements = collect(node.child)
        switch properties.children {
        case .ignore:
            elements = [AccessibilityElement(id: node.path, label: "", frame: node.frame)]
        case .combine:
            elements = [combined(elements, id: node.path, frame: node.frame)]
        case .contain, nil:
            if elements.isEmpty, properties.makesElement {
                elements = [AccessibilityElement(id: node.path, label: "", frame: node.frame)]
            }
        }
        for i in elements.indices {
            apply(properties, to: &elements[i])
            if !node.isEnabled { elements[i].traits.insert(.isDisabled) }
        }
        return elements
    }

    private static func apply(_ properties: AccessibilityProperties, to element: inout AccessibilityElement) {
        if let label = properties.label { element.label = label }
        if let value = properties.value { element.value = value }
        if let hint = properties.hint { element.hint = hint }
        if let identifier = properties.identifier { element.id = identifier }
        if let priority = properties.sortPriority { element.sortPriority = priority }
        if let isFocusable = properties.isFocusable { element.isFocusable = isFocusable }
        if let action = properties.action { element.action = action }
        if let textInput = properties.textInput { element.textInput = textInput }
        if let adjust = properties.adjust {
            element.adjust = adjust
            element.traits.insert(.isAdjustable)
        }
        element.traits.formUnion(properties.addedTraits)
        element.traits.subtract(properties.removedTraits)
    }

    /// One element standing for `elements`: their labels and values joined, their traits
    /// together, the first action and hint.
    private static func combined(_ elements: [AccessibilityElement], id: String, frame: Rect) -> AccessibilityElement {
        func joined(_ strings: [String]) -> String { strings.filter { !$0.isEmpty }.joined(separator: ", ") }
        var element = AccessibilityElement(id: id, label: joined(elements.map(\.label)), value: joined(elements.map(\.value)),
                                           hint: elements.first { !$0.hint.isEmpty }?.hint ?? "",
                                           traits: elements.reduce([]) { $0.union($1.traits) }, frame: frame,
                                           sortPriority: elements.map(\.sortPriority).max() ?? 0)
        element.action = elements.lazy.compactMap(\.action).first
        element.adjust = elements.lazy.compactMap(\.adjust).first
        return element
    }
}
