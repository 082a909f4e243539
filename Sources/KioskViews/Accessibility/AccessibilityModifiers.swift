extension View {
    /// Wraps the view in an `AccessibilityNode` whose properties `change` sets in the
    /// environment the view is resolved in (labels are looked up in its locale).
    func accessibility(_ change: @escaping (inout AccessibilityProperties, EnvironmentValues) -> Void) -> some View {
        modified { node, context in
            var properties = AccessibilityProperties()
            change(&properties, context.environment)
            return AccessibilityNode(properties: properties, isEnabled: context.environment.isEnabled, child: node,
                                     path: context.path)
        }
    }

    /// What a screen reader calls the view instead of its text (an icon-only button's name).
    public func accessibilityLabel(_ label: Text) -> some View {
        accessibility { $0.label = label.string(in: $1) }
    }

    public func accessibilityLabel(_ key: LocalizedStringKey) -> some View { accessibilityLabel(Text(key)) }

    @_disfavoredOverload
    public func accessibilityLabel<S: StringProtocol>(_ label: S) -> some View { accessibilityLabel(Text(verbatim: String(label))) }

    /// What activating the view does, read after its label and role.
    public func accessibilityHint(_ hint: Text) -> some View {
        accessibility { $0.hint = hint.string(in: $1) }
    }

    public func accessibilityHint(_ key: LocalizedStringKey) -> some View { accessibilityHint(Text(key)) }

    @_disfavoredOverload
    public func accessibilityHint<S: StringProtocol>(_ hint: S) -> some View { accessibilityHint(Text(verbatim: String(hint))) }

    /// The view's current value (a level, a count), read after its label.
    public func accessibilityValue(_ value: Text) -> some View {
        accessibility { $0.value = value.string(in: $1) }
    }

    public func accessibilityValue(_ key: LocalizedStringKey) -> some View { accessibilityValue(Text(key)) }

    @_disfavoredOverload
    public func accessibilityValue<S: StringProtocol>(_ value: S) -> some View { accessibilityValue(Text(verbatim: String(value))) }

    public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> some View {
        accessibility { properties, _ in properties.addedTraits = traits }
    }

    public func accessibilityRemoveTraits(_ traits: AccessibilityTraits) -> some View {
        accessibility { properties, _ in properties.removedTraits = traits }
    }

    /// Leaves the view and everything inside out of the accessibility tree (decoration).
    public func accessibilityHidden(_ hidden: Bool) -> some View {
        accessibility { properties, _ in properties.isHidden = hidden }
    }

    /// Makes the view one element (`.ignore`, `.combine`) or keeps what is inside apart (`.contain`).
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View {
        accessibility { properties, _ in properties.children = children }
    }

    /// The id the view's element is listed and activated under (`kiosk ctl activate ID`).
    public func accessibilityIdentifier(_ identifier: String) -> some View {
        accessibility { properties, _ in properties.identifier = identifier }
    }

    /// Elements of a higher priority are read before the others, whatever their place.
    public func accessibilitySortPriority(_ priority: Double) -> some View {
        accessibility { properties, _ in properties.sortPriority = priority }
    }

    /// What activating the element does (its default action), instead of a button's action.
    public func accessibilityAction(_ handler: @escaping () -> Void) -> some View {
        accessibility { properties, _ in properties.action = handler }
    }

    /// Makes the element adjustable: `handler` moves its value one step either way.
    public func accessibilityAdjustableAction(_ handler: @escaping (AccessibilityAdjustmentDirection) -> Void) -> some View {
        accessibility { properties, _ in properties.adjust = handler }
    }
}

extension Text {
    /// The plain text in `environment`'s locale.
    func string(in environment: EnvironmentValues) -> String {
        runs.map { $0.string(in: environment) }.joined()
    }
}
