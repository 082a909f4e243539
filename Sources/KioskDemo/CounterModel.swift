import Observation

/// The demo's state: a count the + and − buttons change (repeating while held) and a
/// long press resets.
@Observable
public final class CounterModel {
    public var count = 0

    public init() {}
}
