import KioskUI

// Previews of the test app, drawn by `async-kiosk previews` in KioskRuntimeTests'
// PreviewsCommandTests: each kind of name and layout, and one preview that crashes.

#Preview("Start") {
    AsyncScreen(results: AsyncResults(), navigator: Navigator())
}

#Preview("Badge", traits: .sizeThatFitsLayout) {
    Text("Ready").font(.title).padding(24).background(Color.green)
}

#Preview("Tile", traits: .fixedLayout(width: 300, height: 200)) {
    Color.orange
}

#Preview("Upright", traits: .portrait) {
    Text("Upright")
}

#Preview {
    Text("Unnamed")
}

#Preview("Crash") {
    CrashingView()
}

/// Previews written the older way: two views, drawn as `RowPreviews-1` on the panel and
/// `RowPreviews-2` at the size it takes.
struct RowPreviews: PreviewProvider {
    static var previews: some View {
        Group {
            Button("one") {}
            Button("two") {}.padding(8).previewLayout(.sizeThatFits).previewDisplayName("Two")
        }
    }
}

/// A view whose body stops the program, as a preview with a bug does.
struct CrashingView: View {
    var body: some View {
        fatalError("CrashingView has no body to show")
    }
}
