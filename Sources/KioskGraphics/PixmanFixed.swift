import CPixman

/// `v` as pixman's 16.16 fixed point, saturated to its range (about ±32767) so that no
/// input can trap the conversion.
func pixmanFixed(_ v: Double) -> pixman_fixed_t {
    guard v.isFinite else { return 0 }
    let scaled = (v * 65536).rounded()
    return pixman_fixed_t(min(max(scaled, Double(Int32.min)), Double(Int32.max)))
}
