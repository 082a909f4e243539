/// `sheet`: the content slides up from the bottom over the dimmed screen, on a card with
/// rounded top corners, to the height of its `presentationDetents` (by default all but a
/// strip at the top). A swipe down on it (past 100 px, or flung) or `dismiss()` from
/// `@Environment(\.dismiss)` inside dismisses it; a shorter drag springs back.
extension View {
    public func sheet<Content: View>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
                                     @ViewBuilder content: @escaping () -> Content) -> some View {
        PresentationModifier(content: self, isPresented: isPresented.wrappedValue, style: .bottom, onDismiss: onDismiss,
                             presented: { dismiss in AnyView(SheetView(content: content(), dismiss: dismiss)) },
                             dismiss: { isPresented.wrappedValue = false })
    }

    /// Presented while `item` is not nil, with content made from it; dismissing sets it nil.
    public func sheet<Item: Identifiable, Content: View>(item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
                                                         @ViewBuilder content: @escaping (Item) -> Content) -> some View {
        let current = item.wrappedValue
        return PresentationModifier(content: self, isPresented: current != nil, style: .bottom, onDismiss: onDismiss,
                                    presented: { dismiss in AnyView(SheetView(content: current.map(content), dismiss: dismiss)) },
                                    dismiss: { item.wrappedValue = nil })
    }
}

/// A sheet's card: it follows a finger dragging it down, and dismisses or springs back.
struct SheetView<Content: View>: View {
    let content: Content
    let dismiss: DismissAction
    @GestureState(resetTransaction: Transaction(animation: .spring(response: 0.35, dampingFraction: 1)))
    private var dragged = 0.0

    /// A drag down this far, or flung this far by its predicted end, dismisses the sheet.
    static var dismissDistance: Double { 100 }
    static var dismissPrediction: Double { 300 }

    var body: some View {
        SheetFrame {
            content
                .environment(\.dismiss, dismiss)
                .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .top)
                .background(RoundedRectangle(cornerRadius: 10).fill(Color.white).padding(.bottom, -10))
                .offset(y: max(dragged, 0))
                // The whole card takes the drag, not only a button's shape inside it.
                .contentShape(Rectangle())
                .gesture(DragGesture()
                    .updating($dragged) { value, state, _ in state = value.translation.height }
                    .onEnded { value in
                        if value.translation.height > Self.dismissDistance
                            || value.predictedEndTranslation.height > Self.dismissPrediction { dismiss() }
                    })
        }
    }
}

/// Places a sheet's card at the bottom of the screen, as high as its content's detents.
struct SheetFrame<Content: View>: View, PrimitiveView {
    let content: Content

    init(@ViewBuilder content: () -> Content) { self.content = content() }

    var body: Never { fatalError("SheetFrame is primitive") }

    func makeNode(_ context: ResolveContext) -> Node {
        let detents = SheetDetents()
        let child = resolve(content, context.with { $0.sheetDetents = detents }.child(0))
        return SheetFrameNode(detents: detents, child: child, path: context.path)
    }
}

final class SheetFrameNode: ModifierNode {
    let detents: SheetDetents

    init(detents: SheetDetents, child: Node, path: String) {
        self.detents = detents
        super.init(child: child, path: path)
    }

    override func measure(_ proposal: ProposedSize) -> Size {
        Size(width: proposal.width ?? 0, height: proposal.height ?? 0)
    }

    override func place(in rect: Rect) {
        frame = rect
        let height = detents.height(onScreen: rect.height)
        child.place(in: Rect(x: rect.minX, y: rect.maxY - height, width: rect.width, height: height))
    }
}
