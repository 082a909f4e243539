import KioskGraphics

/// A picture: a PNG icon or any canvas. Shown at its own size unless `resizable()`.
public struct Image: View, PrimitiveView {
    let image: ImageRef
    let isResizable: Bool

    public init(_ canvas: Canvas) {
        image = ImageRef(canvas)
        isResizable = false
    }

    /// Reads a PNG; the error names the file and what is wrong with it.
    public init(pngFile path: String) throws {
        self.init(try Canvas(pngFile: path))
    }

    private init(image: ImageRef, isResizable: Bool) {
        self.image = image
        self.isResizable = isResizable
    }

    public func resizable() -> Image { Image(image: image, isResizable: true) }

    public var body: Never { fatalError("Image is primitive") }

    func makeNode(_ context: ResolveContext) -> Node {
        ImageNode(image: image, isResizable: isResizable, path: context.path)
    }
}

/// A title with an icon before it, as in SwiftUI. The icon is scaled to the text's size.
public struct Label: View, PrimitiveView {
    let title: Text
    let icon: Image?

    public init(_ title: String, image: Image?) {
        self.init(Text(title), image: image)
    }

    public init(_ title: Text, image: Image?) {
        self.title = title
        self.icon = image
    }

    public var body: Never { fatalError("Label is primitive") }

    func makeNode(_ context: ResolveContext) -> Node {
        let font = context.environment.font
        let side = (font.size * 1.25).rounded()
        return resolve(HStack(spacing: (font.size / 2).rounded()) {
            if let icon { icon.resizable().frame(width: side, height: side) }
            title
        }, context)
    }
}
