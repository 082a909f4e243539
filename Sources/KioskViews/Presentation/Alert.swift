/// `alert`: a title, an optional message and the buttons of the `actions` builder, in the
/// middle of the dimmed screen while `isPresented` is true. Any button dismisses it after
/// its action (a destructive one is red, a cancel one bold); with no buttons it has OK.
extension View {
    public func alert<A: View, M: View>(_ title: Text, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A,
                                        @ViewBuilder message: () -> M) -> some View {
        dialog(title, layout: .alert, isPresented: isPresented, actions: actions(), message: message())
    }

    public func alert<A: View, M: View>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A,
                                        @ViewBuilder message: () -> M) -> some View {
        alert(Text(titleKey), isPresented: isPresented, actions: actions, message: message)
    }

    @_disfavoredOverload
    public func alert<S: StringProtocol, A: View, M: View>(_ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A,
                                                           @ViewBuilder message: () -> M) -> some View {
        alert(Text(title), isPresented: isPresented, actions: actions, message: message)
    }

    public func alert<A: View>(_ title: Text, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A) -> some View {
        dialog(title, layout: .alert, isPresented: isPresented, actions: actions(), message: EmptyView?.none)
    }

    public func alert<A: View>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A) -> some View {
        alert(Text(titleKey), isPresented: isPresented, actions: actions)
    }

    @_disfavoredOverload
    public func alert<S: StringProtocol, A: View>(_ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A) -> some View {
        alert(Text(title), isPresented: isPresented, actions: actions)
    }

    /// Presented while `isPresented` is true and `data` is not nil; the actions and the
    /// message are made from `data`.
    public func alert<A: View, M: View, T>(_ title: Text, isPresented: Binding<Bool>, presenting data: T?,
                                           @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M) -> some View {
        dialog(title, layout: .alert, isPresented: isPresented, presenting: data, actions: actions, message: message)
    }

    public func alert<A: View, M: View, T>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, presenting data: T?,
                                           @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M) -> some View {
        alert(Text(titleKey), isPresented: isPresented, presenting: data, actions: actions, message: message)
    }

    @_disfavoredOverload
    public func alert<S: StringProtocol, A: View, M: View, T>(_ title: S, isPresented: Binding<Bool>, presenting data: T?,
                                                              @ViewBuilder actions: (T) -> A,
                                                              @ViewBuilder message: (T) -> M) -> some View {
        alert(Text(title), isPresented: isPresented, presenting: data, actions: actions, message: message)
    }

    public func alert<A: View, T>(_ title: Text, isPresented: Binding<Bool>, presenting data: T?,
                                  @ViewBuilder actions: (T) -> A) -> some View {
        alert(title, isPresented: isPresented, presenting: data, actions: actions, message: { _ in EmptyView() })
    }

    public func alert<A: View, T>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, presenting data: T?,
                                  @ViewBuilder actions: (T) -> A) -> some View {
        alert(Text(titleKey), isPresented: isPresented, presenting: data, actions: actions)
    }

    @_disfavoredOverload
    public func alert<S: StringProtocol, A: View, T>(_ title: S, isPresented: Binding<Bool>, presenting data: T?,
                                                     @ViewBuilder actions: (T) -> A) -> some View {
        alert(Text(title), isPresented: isPresented, presenting: data, actions: actions)
    }
}

extension View {
    /// A dialog presented from this view while `isPresented` is true; every button sets
    /// it false after its action.
    func dialog<A: View, M: View>(_ title: Text?, layout: DialogLayout, isPresented: Binding<Bool>, actions: A,
                                  message: M?) -> some View {
        PresentationModifier(content: self, isPresented: isPresented.wrappedValue, style: layout == .alert ? .alert : .bottom,
                             onDismiss: nil, presented: { dismiss in
                                 AnyView(DialogView(title: title, message: message, actions: actions, layout: layout, dismiss: dismiss))
                             }, dismiss: { isPresented.wrappedValue = false })
    }

    /// A dialog about `data`, presented while `isPresented` is true and `data` is not nil.
    func dialog<A: View, M: View, T>(_ title: Text?, layout: DialogLayout, isPresented: Binding<Bool>, presenting data: T?,
                                     actions: (T) -> A, message: (T) -> M) -> some View {
        let shown = Binding(get: { isPresented.wrappedValue && data != nil }, set: { isPresented.wrappedValue = $0 })
        return dialog(title, layout: layout, isPresented: shown, actions: data.map(actions), message: data.map(message))
    }
}
