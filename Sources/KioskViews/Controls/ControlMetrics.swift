extension EnvironmentValues {
    /// How much larger than iOS's regular size a switch, slider or stepper is drawn: by the
    /// control size (mini 0.7 … extraLarge 1.3), and with the text size as control
    /// paddings grow (more slowly than the text), so larger text keeps its controls in
    /// proportion.
    var controlScale: Double {
        let size: Double = switch controlSize {
        case .mini: 0.7
        case .small: 0.85
        case .regular: 1
        case .large: 1.15
        case .extraLarge: 1.3
        }
        return size * dynamicTypeSize.paddingScale
    }
}

/// iOS's greys for control tracks, darker at increased contrast.
extension Color {
    /// An off switch's track: systemGray5 #E9E9EA (systemGray3 #C7C7CC at increased contrast).
    static let switchTrack = Color(hex: 0xE9E9EA, increased: 0xC7C7CC)
    /// A slider's and progress bar's remaining track: #E5E5EA (#AEAEB2).
    static let sliderTrack = Color(hex: 0xE5E5EA, increased: 0xAEAEB2)
    /// A segmented control's and stepper's plate: #EEEEEF (#D1D1D6).
    static let segmentTrack = Color(hex: 0xEEEEEF, increased: 0xD1D1D6)
    /// A stepper's divider and pressed segment: #D1D1D6 (#AEAEB2).
    static let stepperPressed = Color(hex: 0xD1D1D6, increased: 0xAEAEB2)
}
