/// Dismisses the presentation the view is in (`@Environment(\.dismiss)`): a sheet's
/// content calls `dismiss()` to close it. Outside a presentation it does nothing.
public struct DismissAction {
    private let action: () -> Void

    init(_ action: @escaping () -> Void) { self.action = action }

    public func callAsFunction() { action() }
}

private struct DismissKey: EnvironmentKey {
    static var defaultValue: DismissAction { DismissAction {} }
}

extension EnvironmentValues {
    public var dismiss: DismissAction {
        get { self[DismissKey.self] }
        set { self[DismissKey.self] = newValue }
    }
}
