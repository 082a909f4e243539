import FoundationEssentials
import Glibc
import KioskViews

/// A column or row of items (a screen's own items are a column with its spacing and
/// padding); each item in the stack's alignment across its axis.
struct FileStack: View {
    let spec: ScreenFile.StackSpec
    let context: FileContext

    var body: some View {
        let spacing = spec.spacing ?? 8
        let stack = spec.axis == .horizontal
            ? AnyView(HStack(alignment: spec.verticalAlignment, spacing: spacing) {
                spec.itemViews(context)
            })
            : AnyView(VStack(alignment: spec.horizontalAlignment, spacing: spacing) {
                spec.itemViews(context)
            })
        return stack.padding(spec.padding)
    }
}

/// A `list`: a scroll view along its axis over a lazy stack, so a long menu makes only the
/// rows in view; with sections, their headers and footers, pinned if asked.
struct FileList: View {
    let spec: ScreenFile.StackSpec
    let context: FileContext

    var body: some View {
        let spacing = spec.spacing ?? 8
        if !spec.sections.isEmpty { return AnyView(sectioned(spacing: spacing)) }
        if spec.axis == .horizontal {
            return AnyView(ScrollView(.horizontal) {
                LazyHStack(alignment: spec.verticalAlignment, spacing: spacing) {
                    spec.itemViews(context)
                }
                .padding(spec.padding)
            })
        }
        return AnyView(ScrollView(.vertical) {
            LazyVStack(alignment: spec.horizontalAlignment, spacing: spacing) {
                spec.itemViews(context)
            }
            .padding(spec.padding)
        })
    }

    private func sectioned(spacing: Double) -> some View {
        var pinned = PinnedScrollableViews()
        if spec.pinsHeaders { pinned.insert(.sectionHeaders) }
        if spec.pinsFooters { pinned.insert(.sectionFooters) }
        let sections = spec.sections, context = context, axis = spec.axis
        let rows = ForEach(Array(sections.indices)) { s in
            Section {
                ForEach(Array(sections[s].items.indices)) { i in FileItem(element: sections[s].items[i], context: context) }
            } header: {
                FileSectionText(spec: sections[s].header, isHeader: true)
            } footer: {
                FileSectionText(spec: sections[s].footer, isHeader: false)
            }
        }
        if axis == .horizontal {
            return AnyView(ScrollView(.horizontal) {
                LazyHStack(alignment: spec.verticalAlignment, spacing: spacing, pinnedViews: pinned) { rows }.padding(spec.padding)
            })
        }
        return AnyView(ScrollView(.vertical) {
            LazyVStack(alignment: spec.horizontalAlignment, spacing: spacing, pinnedViews: pinned) { rows }.padding(spec.padding)
        })
    }
}

/// A list section's header or footer: UIKit's plain-table look, a header in bold and a
/// footer in grey small text, on the grouped background so rows scrolling under a pinned
/// one are hidden. A section without one has none (an empty view takes no room).
struct FileSectionText: View {
    let spec: ScreenFile.LabelSpec?
    let isHeader: Bool
    @Environment(\.languageTag) private var locale

    var body: some View {
        if let spec {
            Text(fileRuns: spec.text(for: locale))
                .font(isHeader ? .headline : .footnote)
                .foregroundColor(isHeader ? .primary : .secondary)
                .frame(maxWidth: .infinity, alignment: .leading)
                .padding(.horizontal, 16)
                .padding(.vertical, 8)
                .background(UIHost.defaultBackground)
        }
    }
}

extension ScreenFile.StackSpec {
    /// The stack's items as views, in order, for a stack or a lazy stack to lay out.
    func itemViews(_ context: FileContext) -> ForEach<FileItem> {
        let items = items
        return ForEach(Array(items.indices)) { i in FileItem(element: items[i], context: context) }
    }
}

/// One item as its view.
struct FileItem: View {
    let element: ScreenFile.Element
    let context: FileContext

    var body: AnyView {
        switch element {
        case .label(let label):
            return AnyView(FileLabel(spec: label))
        case .image(let image):
            return AnyView(FileImage(spec: image))
        case .stack(let stack):
            return AnyView(FileStack(spec: stack, context: context))
        case .list(let list):
            return AnyView(FileList(spec: list, context: context))
        case .spacer(let minLength):
            return AnyView(Spacer(minLength: minLength ?? 0))
        case .button(let button):
            return AnyView(FileButton(spec: button, context: context, fills: button.fill ?? false, inCell: false))
        case .control(let control):
            return AnyView(FileControl(spec: control, context: context))
        }
    }
}

/// A label's text in the kiosk's language.
struct FileLabel: View {
    let spec: ScreenFile.LabelSpec
    @Environment(\.languageTag) private var locale

    var body: some View {
        Text(fileRuns: spec.text(for: locale)).lineLimit(spec.lineLimit).multilineTextAlignment(spec.alignment)
    }
}

/// A PNG at its own size, or fitted into `width`/`height` keeping its aspect.
struct FileImage: View {
    let spec: ScreenFile.ImageSpec

    var body: some View {
        let w = Double(spec.canvas.width), h = Double(spec.canvas.height)
        var size = Size(width: w, height: h)
        if let width = spec.width, let height = spec.height {
            let scale = min(width / w, height / h)
            size = Size(width: w * scale, height: h * scale)
        } else if let width = spec.width {
            size = Size(width: width, height: h * width / w)
        } else if let height = spec.height {
            size = Size(width: w * height / h, height: height)
        }
        let image = Image(spec.canvas).resizable().frame(width: size.width, height: size.height)
        if let label = spec.accessibilityLabel { return AnyView(image.accessibilityLabel(Text(verbatim: label))) }
        return AnyView(image.accessibilityHidden(true))
    }
}

extension ScreenFile.StackSpec {
    var horizontalAlignment: HorizontalAlignment {
        switch alignment {
        case "leading": .leading
        case "trailing": .trailing
        default: .center
        }
    }

    var verticalAlignment: VerticalAlignment {
        switch alignment {
        case "top": .top
        case "bottom": .bottom
        default: .center
        }
    }
}

extension Text {
    /// A screen file's runs (a title's, a label's) as one text.
    init(fileRuns runs: [ScreenFile.TitleRun]) {
        self = runs.map { run -> Text in
            var text = Text(verbatim: run.text)
            if let size = run.size { text = text.font(Font(size: size)) }
            if run.bold { text = text.bold() }
            if run.italic { text = text.italic() }
            if run.underline { text = text.underline() }
            if run.strikethrough { text = text.strikethrough() }
            if let color = run.color { text = text.foregroundColor(Color(color)) }
            return text
        }.reduce(Text(runs: []), +)
    }
}
