/// A face named, not held: what a layout keeps of each face its glyphs come from. The
/// library opens the face again when a glyph it names must be rendered after the face was
/// evicted, so layouts kept by the UI never keep faces (and their memory) alive.
struct FaceReference: Hashable {
    var key: FontLibrary.FaceKey
    /// The size the face was opened at (the key rounds it to 26.6).
    var size: Double
    /// The glyph cache's name for the face's file and synthetic styling.
    var styleID: Int32
    var size26_6: Int32
    var file: FontFile
}
