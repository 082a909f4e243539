/// An alert or an action sheet: its title and message over its buttons, on iOS's rounded
/// card (an alert 270 wide in the middle of the screen; an action sheet across the bottom,
/// at most 500 wide).
struct DialogView<Actions: View, Message: View>: View {
    let title: Text?
    let message: Message?
    let actions: Actions
    let layout: DialogLayout
    let dismiss: DismissAction

    var body: some View {
        switch layout {
        case .alert:
            VStack(spacing: 0) {
                header(titleFont: .headline, messageFont: .footnote)
                    .padding(Insets(top: 19, leading: 16, bottom: 17, trailing: 16))
                Color.separator.frame(height: 1)
                DialogActions(actions: actions, layout: .alert, header: nil, dismiss: dismiss)
            }
            .frame(width: 270)
            .background(RoundedRectangle(cornerRadius: 14).fill(Color.dialogBackground))
        case .actionSheet:
            DialogActions(actions: actions, layout: .actionSheet, header: sheetHeader, dismiss: dismiss)
                .frame(maxWidth: 500)
                .padding(Insets(top: 8, leading: 8, bottom: 8, trailing: 8))
                .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .bottom)
        }
    }

    /// An action sheet's title and message in grey, when it has either.
    private var sheetHeader: AnyView? {
        guard title != nil || message != nil else { return nil }
        return AnyView(header(titleFont: .footnote.weight(.semibold), messageFont: .footnote)
            .foregroundColor(.secondary)
            .padding(Insets(top: 14, leading: 16, bottom: 14, trailing: 16))
            .frame(maxWidth: .infinity))
    }

    @ViewBuilder private func header(titleFont: Font, messageFont: Font) -> some View {
        VStack(spacing: 4) {
            if let title { title.font(titleFont) }
            if let message { message.font(messageFont) }
        }
        .multilineTextAlignment(.center)
    }
}
