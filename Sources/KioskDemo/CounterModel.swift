import Observation

/// The demo's state: a count the + and − buttons change (repeating while held) and a
/// long press resets; and the drink last ordered from the menu.
@Observable
public final class CounterModel {
    public var count = 0
    public var lastOrder: String?

    public init() {}
}
