/// How `accessibilityElement(children:)` treats the elements inside a view.
public enum AccessibilityChildBehavior: Hashable, Sendable {
    /// One element; what is inside is not read (give it a label).
    case ignore
    /// One element whose label, value and traits are those inside, joined.
    case combine
    /// The elements inside stay separate (the default for any view).
    case contain
}
