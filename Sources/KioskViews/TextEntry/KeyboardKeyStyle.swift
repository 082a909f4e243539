import KioskGraphics

/// The look of an on-screen keyboard key, iOS's light keyboard: a white cap for a character,
/// a grey one for shift, delete and the page keys, a blue one for a return key that says
/// what it does; each with a darker line under it. Pressed, a character key turns grey and a
/// grey key white, as iOS shows a press.
struct KeyboardKeyStyle: ButtonStyle {
    enum Kind { case character, function, prominent, active }

    let kind: Kind

    func makeBody(configuration: Configuration) -> some View {
        configuration.label
            .foregroundColor(kind == .prominent && !configuration.isPressed ? .white : .black)
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .background(RoundedRectangle(cornerRadius: 5).fill(cap(pressed: configuration.isPressed)))
            .background(RoundedRectangle(cornerRadius: 5).fill(Self.shadow).offset(y: 1))
    }

    private func cap(pressed: Bool) -> Color {
        switch (kind, pressed) {
        case (.character, false), (.function, true), (.active, _), (.prominent, true): .white
        case (.character, true), (.function, false): Self.functionCap
        case (.prominent, false): .blue
        }
    }

    /// iOS's keyboard colours: the grey board, the grey keys and the keys' shadow.
    static let board = Color(PixelColor(red8: 0xD1, green8: 0xD4, blue8: 0xD9))
    static let functionCap = Color(PixelColor(red8: 0xAC, green8: 0xB1, blue8: 0xB9))
    static let shadow = Color(PixelColor(red8: 0x89, green8: 0x8A, blue8: 0x8D))
}
