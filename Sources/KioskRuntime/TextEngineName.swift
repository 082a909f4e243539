import KioskUI

/// The stop-gap engine's old name, kept so code written against it still builds; the text
/// is set by KioskText now.
@available(*, deprecated, renamed: "KioskTextEngine")
public typealias FreeTypeTextEngine = KioskTextEngine
