import KioskGraphics

/// Where a dialog is: an alert in the middle, an action sheet (a confirmation dialog) at
/// the bottom.
enum DialogLayout { case alert, actionSheet }

/// The buttons of a dialog being resolved: each button notes its role here (so the dialog
/// can place them as iOS does), and dismisses the dialog after its action.
final class DialogButtons {
    var roles: [ButtonRole?] = []
    let dismiss: () -> Void

    init(dismiss: @escaping () -> Void) { self.dismiss = dismiss }
}

private struct DialogKey: EnvironmentKey {
    static var defaultValue: DialogButtons? { nil }
}

extension EnvironmentValues {
    /// Set inside a dialog's actions.
    var dialog: DialogButtons? {
        get { self[DialogKey.self] }
        set { self[DialogKey.self] = newValue }
    }
}

/// A dialog's actions (the buttons of its `actions` builder) in iOS's places: an alert's
/// two buttons side by side with cancel on the leading side, more stacked with cancel
/// last; an action sheet's stacked in a group with cancel apart below it (one is added
/// when there is none). A dialog without buttons gets an OK button.
struct DialogActions<Actions: View>: View, PrimitiveView {
    let actions: Actions
    let layout: DialogLayout
    /// An action sheet's title and message, at the top of its group.
    var header: AnyView?
    let dismiss: DismissAction

    var body: Never { fatalError("DialogActions is primitive") }

    func makeNode(_ context: ResolveContext) -> Node {
        let buttons = DialogButtons { dismiss() }
        let inner = context.with {
            $0.dialog = buttons
            $0.buttonStyle = .standard(DialogButtonStyle(layout: layout))
        }
        var nodes = resolveChildren(actions, inner.child(0))
        var roles = buttons.roles.count == nodes.count ? buttons.roles : Array(repeating: nil, count: nodes.count)
        if nodes.isEmpty || (layout == .actionSheet && !roles.contains(.cancel)) {
            let extra = layout == .alert ? Button("OK") {} : Button("Cancel", role: .cancel) {}
            nodes.append(resolve(extra, inner.child(1)))
            roles.append(layout == .alert ? nil : .cancel)
        }
        let cancel = roles.firstIndex(of: .cancel).map { nodes[$0] }
        let others = zip(nodes, roles).filter { $0.1 != .cancel }.map(\.0)
        switch layout {
        case .alert where nodes.count == 2:
            let pair = cancel.map { [$0] + others } ?? others
            return stack(.horizontal, pair, context)
        case .alert:
            return stack(.vertical, others + (cancel.map { [$0] } ?? []), context)
        case .actionSheet:
            let top = header.map { [resolve($0, context.child(6))] } ?? []
            let group = DialogCard(content: stack(.vertical, top + others, context.child(2)), path: context.path + ".3")
            guard let cancel else { return group }
            let apart = DialogCard(content: cancel, path: context.path + ".4")
            return StackNode(axis: .vertical, alignment: .center, spacing: 8, children: others.isEmpty && top.isEmpty ? [apart] : [group, apart],
                             path: context.path)
        }
    }

    /// `nodes` one after another along `axis`, with a hairline between each two (side by
    /// side, on the leading edge of the second, as tall as it).
    private func stack(_ axis: Axis, _ nodes: [Node], _ context: ResolveContext) -> Node {
        var children: [Node] = []
        for (i, node) in nodes.enumerated() {
            guard i > 0 else {
                children.append(node)
                continue
            }
            let line = resolve(Color.separator.frame(width: axis == .horizontal ? 1 : nil, height: axis == .vertical ? 1 : nil),
                               context.child(100 + i))
            if axis == .vertical {
                children += [line, node]
            } else {
                children.append(BackgroundNode(decoration: line, isOverlay: true, alignment: .leading, child: node, path: context.path))
            }
        }
        return StackNode(axis: axis, alignment: .center, spacing: 0, children: children, path: context.path)
    }
}

extension Color {
    /// iOS's separator between a dialog's buttons: grey at 30%.
    static let separator = Color(red: 0.24, green: 0.24, blue: 0.26, opacity: 0.29)
    /// The translucent white of iOS's dialogs, made opaque: a kiosk draws no blur under it.
    static let dialogBackground = Color(red: 0.96, green: 0.96, blue: 0.97)
}

/// A rounded white card around an action sheet's group of buttons.
final class DialogCard: ModifierNode {
    init(content: Node, path: String) { super.init(child: content, path: path) }

    override func emitOperations(_ emitter: Emitter) {
        emitter.add(.fill(.roundedRectangle(CornerRadii(13)), frame, .color(Color.dialogBackground.pixelColor),
                          opacity: emitter.opacity, shadow: nil), key: path)
        child.emit(emitter)
    }
}

/// How a dialog's buttons look: the label in the accent colour (red for destructive,
/// semibold for cancel) over the full width, a grey wash while pressed.
struct DialogButtonStyle: ButtonStyle {
    let layout: DialogLayout

    func makeBody(configuration: Configuration) -> some View {
        configuration.label
            .font(layout == .alert ? .body : .title3)
            .fontWeight(configuration.role == .cancel ? .semibold : nil)
            .foregroundColor(configuration.role == .destructive ? .red : .accentColor)
            .lineLimit(1)
            .padding(.horizontal, 8)
            .frame(maxWidth: .infinity, minHeight: layout == .alert ? 44 : 57)
            .background(configuration.isPressed ? Color.separator.opacity(0.5) : Color.clear)
            .contentShape(Rectangle())
    }
}
