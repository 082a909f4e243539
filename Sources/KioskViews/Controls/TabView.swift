/// Pages side by side that a horizontal swipe turns (SwiftUI's `TabView` with
/// `.tabViewStyle(.page)`): the pages follow the finger, and on release settle on the next
/// page when dragged past half a page or flung (500 points/s), or spring back. A drag past the touch slop
/// claims the touch, so a button pressed inside a page is cancelled, never triggered. Page
/// dots show which page is up. A kiosk has no tab bar: every `TabView` pages.
public struct TabView<SelectionValue: Hashable, Content: View>: View {
    let selection: Binding<SelectionValue>?
    let content: Content

    @Environment(\.gestureConfiguration) private var gestures
    @Environment(\.pageIndexDisplayMode) private var indexDisplayMode
    @Environment(\.pageIndexBackgroundDisplayMode) private var backgroundDisplayMode
    @Environment(\.layoutDirection) private var layoutDirection
    @State private var page = 0
    @State private var drag = 0.0
    @State private var box = FrameBox()
    @GestureState private var isDragging = false

    /// A release faster than this (points per second) turns the page however short the drag.
    static var flingSpeed: Double { 500 }

    /// How a page settles or springs back.
    static var animation: Animation { .spring(response: 0.4, dampingFraction: 0.9) }

    public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) {
        self.selection = selection
        self.content = content()
    }

    public var body: some View {
        let pages = taggedChoices(content)
        let index = currentIndex(pages)
        let width = box.frame.width
        // Right to left, the pages run leftwards: a drag to the right turns to the next.
        let mirrored = layoutDirection == .rightToLeft
        let forward = mirrored ? -1.0 : 1
        let position = Double(index) - forward * (width > 0 ? drag / width : 0)
        let (pageState, dragState, selection, box) = ($page, $drag, self.selection, self.box)
        func show(_ target: Int) {
            withAnimation(Self.animation) {
                dragState.wrappedValue = 0
                pageState.wrappedValue = target
                if let selection, let tag = pages[target].tag as? SelectionValue { selection.wrappedValue = tag }
            }
        }
        let shown = pages.enumerated().map { i, page in
            AnyView(page.view.allowsHitTesting(i == index).accessibilityHidden(i != index))
        }
        return ZStack(alignment: .bottom) {
            PagedLayout(pages: shown, position: position, mirrored: mirrored)
            if indexDisplayMode.shows(pageCount: pages.count) {
                PageDots(count: pages.count, current: index, background: backgroundDisplayMode)
                    .padding(.bottom, 12)
            }
        }
        .clipped()
        .contentShape(Rectangle())
        .readingFrame(into: box)
        .gesture(DragGesture(minimumDistance: gestures.touchSlop)
            .updating($isDragging) { _, dragging, _ in dragging = true }
            .onChanged { value in
                let dx = value.translation.width
                let along = forward * dx
                // Past the first or last page the pages follow the finger a third as far.
                let atEdge = (along > 0 && index == 0) || (along < 0 && index == pages.count - 1)
                dragState.wrappedValue = atEdge ? dx / 3 : dx
            }
            .onEnded { value in
                let width = box.frame.width
                let dx = forward * value.translation.width, speed = forward * value.velocity.width
                var target = index
                if width > 0, abs(dx) > width / 2 || (abs(speed) > Self.flingSpeed && (speed < 0) == (dx < 0)) {
                    target += dx < 0 ? 1 : -1
                }
                show(min(max(target, 0), pages.count - 1))
            })
        .onChange(of: isDragging) { if !isDragging, drag != 0 { show(index) } }
    }

    private func currentIndex(_ pages: [TaggedChoice]) -> Int {
        guard !pages.isEmpty else { return 0 }
        if let selection, let found = pages.firstIndex(where: { $0.tag == AnyHashable(selection.wrappedValue) }) {
            return found
        }
        return min(max(page, 0), pages.count - 1)
    }
}

extension TabView where SelectionValue == Int {
    public init(@ViewBuilder content: () -> Content) {
        self.init(selection: nil, content: content)
    }
}

/// The dots under a paged `TabView`: white, the current one opaque, on a dark capsule
/// when the background is shown.
struct PageDots: View {
    let count: Int
    let current: Int
    let background: PageIndexViewStyle.BackgroundDisplayMode

    var body: some View {
        HStack(spacing: 9) {
            ForEach(Array(0..<count)) { i in
                Circle().fill(Color.white.opacity(i == current ? 1 : 0.4)).frame(width: 8, height: 8)
            }
        }
        .padding(.horizontal, 10)
        .padding(.vertical, 7)
        .background(Capsule().fill(Color(white: 0, opacity: background == .always ? 0.3 : 0)))
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(Text(verbatim: "Page \(current + 1) of \(count)"))
    }
}
