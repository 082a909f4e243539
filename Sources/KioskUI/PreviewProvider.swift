/// A type that produces view previews (SwiftUI's `PreviewProvider`), as code written before
/// `#Preview` keeps them:
///
/// ```swift
/// struct OrderScreen_Previews: PreviewProvider {
///     static var previews: some View { OrderScreen(order: Order()) }
/// }
/// ```
/// The app's `previews` subcommand draws it to `OrderScreen_Previews.png`; several views in
/// `previews` (or in a `Group` there) become `OrderScreen_Previews-1.png`, `-2`… in order.
@MainActor
public protocol PreviewProvider: PreviewRegistry {
    associatedtype Previews: View
    @ViewBuilder static var previews: Previews { get }
}

extension PreviewProvider {
    public static var registeredPreviews: [Preview] {
        Preview.each(of: previews, named: String(describing: Self.self))
    }
}
