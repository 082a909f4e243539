/// SwiftUI's `@Environment(\.key)`: reads a value of the environment the view (or the
/// style, or the modifier) is resolved in.
@propertyWrapper
public struct Environment<Value>: DynamicProperty, DynamicPropertyLink {
    private let keyPath: KeyPath<EnvironmentValues, Value>
    private let link = EnvironmentLink()

    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }

    public var wrappedValue: Value { link.values[keyPath: keyPath] }

    func bind(key: String, context: ResolveContext) { link.values = context.environment }
}

final class EnvironmentLink {
    var values = EnvironmentValues()
}

/// A key for a value of the product's own in the environment, as in SwiftUI.
public protocol EnvironmentKey {
    associatedtype Value
    static var defaultValue: Value { get }
}

extension EnvironmentValues {
    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { custom[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
        set { custom[ObjectIdentifier(key)] = newValue }
    }
}
