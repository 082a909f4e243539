import CPixman

/// pixman solid-colour images, the last few kept: glyphs and shape edges composite many
/// masks in one colour, and making the image is an allocation each time.
final class SolidImages {
    private var entries: [(key: UInt64, image: OpaquePointer)] = []
    private static let capacity = 4

    func image(_ color: pixman_color_t) -> OpaquePointer? {
        let key = UInt64(color.alpha) << 48 | UInt64(color.red) << 32 | UInt64(color.green) << 16 | UInt64(color.blue)
        if let hit = entries.first(where: { $0.key == key }) { return hit.image }
        var c = color
        guard let image = pixman_image_create_solid_fill(&c) else { return nil }
        if entries.count >= Self.capacity { pixman_image_unref(entries.removeFirst().image) }
        entries.append((key, image))
        return image
    }

    deinit {
        for entry in entries { pixman_image_unref(entry.image) }
    }
}
