extension View {
    /// Binds the view's focus to `condition`: true while the keypad's or the screen
    /// reader's focus is on the view (or an element inside it); setting it true moves the
    /// focus there, false takes it away.
    public func focused(_ condition: FocusState<Bool>.Binding) -> some View {
        let base = condition.base
        return focusBinding(isFocused: { base.wrappedValue }, setFocused: { focused in
            if base.wrappedValue != focused { base.wrappedValue = focused }
        })
    }

    /// Binds the view's focus to `binding` having `value`: the state is `value` while the
    /// focus is on the view and nil once it leaves; setting it to `value` moves the focus here.
    public func focused<Value: Hashable>(_ binding: FocusState<Value?>.Binding, equals value: Value) -> some View {
        let base = binding.base
        return focusBinding(isFocused: { base.wrappedValue == value }, setFocused: { focused in
            if focused, base.wrappedValue != value {
                base.wrappedValue = value
            } else if !focused, base.wrappedValue == value {
                base.wrappedValue = nil
            }
        })
    }

    /// Lets the keypad's focus land on the view even when it shows nothing a screen reader
    /// reads (a colour swatch); `false` keeps the focus off the elements inside it.
    public func focusable(_ isFocusable: Bool = true) -> some View {
        accessibility { properties, _ in properties.isFocusable = isFocusable }
    }

    private func focusBinding(isFocused: @escaping () -> Bool, setFocused: @escaping (Bool) -> Void) -> some View {
        modified { node, context in
            context.session.hasFocusBindings = true
            return FocusNode(isFocused: isFocused, setFocused: setFocused, child: node, path: context.path)
        }
    }
}
