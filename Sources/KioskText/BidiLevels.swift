import CFriBidi

/// The Unicode Bidirectional Algorithm over one paragraph, by FriBidi: an embedding level
/// for each scalar (odd is right-to-left) and the paragraph's direction, from its first
/// strong character unless one is given.
struct BidiLevels {
    let levels: [UInt8]
    let direction: TextDirection

    init(_ scalars: [UInt32], direction given: TextDirection?) {
        let count = Int32(scalars.count)
        var types = [FriBidiCharType](repeating: FriBidiCharType(0), count: scalars.count)
        var brackets = [FriBidiBracketType](repeating: 0, count: scalars.count)
        var levels = [FriBidiLevel](repeating: 0, count: scalars.count)
        var direction: FriBidiParType = switch given {
        case .leftToRight?: kiosk_fribidi_par_ltr
        case .rightToLeft?: kiosk_fribidi_par_rtl
        case nil: kiosk_fribidi_par_on
        }
        if !scalars.isEmpty {
            fribidi_get_bidi_types(scalars, count, &types)
            fribidi_get_bracket_types(scalars, count, types, &brackets)
            if fribidi_get_par_embedding_levels_ex(types, brackets, count, &direction, &levels) == 0 {
                // Only an allocation failure inside FriBidi gets here: the text stays in logical order.
                levels = [FriBidiLevel](repeating: 0, count: scalars.count)
            }
        }
        let rightToLeft = direction == kiosk_fribidi_par_rtl || given == .rightToLeft
        self.direction = rightToLeft ? .rightToLeft : .leftToRight
        self.levels = levels.map { UInt8(clamping: Int($0)) }
    }
}
