/// The direction a paragraph runs in: its base level in the Unicode Bidirectional
/// Algorithm, which orders its runs and says which side `leading` alignment is.
public enum TextDirection: Hashable, Sendable {
    case leftToRight, rightToLeft
}
