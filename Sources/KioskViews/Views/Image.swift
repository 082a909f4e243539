import KioskGraphics

/// A picture: a PNG icon, any canvas, or a named symbol. A picture shows at its own size
/// unless `resizable()`; a symbol (`Image(systemName:)`) is a glyph sized by the font.
public struct Image: View, PrimitiveView {
    enum Content {
        case picture(ImageRef)
        case symbol(String)
    }

    let content: Content
    let isResizable: Bool

    public init(_ canvas: Canvas) {
        content = .picture(ImageRef(canvas))
        isResizable = false
    }

    /// Reads a PNG; the error names the file and what is wrong with it.
    public init(pngFile path: String) throws {
        self.init(try Canvas(pngFile: path))
    }

    /// An SF Symbols name (`"trash"`, `"folder.badge.plus"`), drawn from the bundled icon
    /// font; an unknown name draws a placeholder.
    public init(systemName name: String) {
        content = .symbol(name)
        isResizable = false
    }

    private init(content: Content, isResizable: Bool) {
        self.content = content
        self.isResizable = isResizable
    }

    public func resizable() -> Image { Image(content: content, isResizable: true) }

    public var body: Never { fatalError("Image is primitive") }

    var isSymbol: Bool {
        if case .symbol = content { return true }
        return false
    }

    func makeNode(_ context: ResolveContext) -> Node {
        switch content {
        case let .picture(image): ImageNode(image: image, isResizable: isResizable, path: context.path)
        case let .symbol(name): Symbol.node(named: name, context)
        }
    }
}

/// A title with an icon before it, as in SwiftUI. A picture icon is scaled to the text's
/// size; a symbol is sized by the font. `labelStyle` picks the parts shown.
public struct Label: View, PrimitiveView {
    let title: Text
    let icon: Image?

    public init<S: StringProtocol>(_ title: S, image: Image?) {
        self.init(Text(title), image: image)
    }

    public init(_ title: Text, image: Image?) {
        self.title = title
        self.icon = image
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage name: String) {
        self.init(Text(title), image: Image(systemName: name))
    }

    public init(_ titleKey: LocalizedStringKey, systemImage name: String) {
        self.init(Text(titleKey), image: Image(systemName: name))
    }

    public var body: Never { fatalError("Label is primitive") }

    /// One element named by the title whatever the parts shown: an icon-only label still
    /// has a name to read.
    func makeNode(_ context: ResolveContext) -> Node {
        var properties = AccessibilityProperties()
        properties.label = title.string(in: context.environment)
        properties.addedTraits = .isStaticText
        properties.children = .ignore
        return AccessibilityNode(properties: properties, isEnabled: context.environment.isEnabled,
                                 child: content(context.child(0)), path: context.path)
    }

    private func content(_ context: ResolveContext) -> Node {
        let font = context.environment.scaledFont
        let side = (font.size * 1.25).rounded()
        let parts = context.environment.labelParts
        guard let icon, parts != .titleOnly else { return resolve(title, context) }
        let iconView = Group {
            if icon.isSymbol { icon } else { icon.resizable().frame(width: side, height: side) }
        }
        if parts == .iconOnly { return resolve(iconView, context) }
        return resolve(HStack(spacing: (font.size / 2).rounded()) {
            iconView
            title
        }, context)
    }
}
