/// Removes an action added with `GestureEngine.addAction(to:_:)` (seed 002's `Removable`).
public final class GestureActionToken {
    private weak var engine: GestureEngine?
    private let targetID: String
    private let actionID: Int

    init(engine: GestureEngine, targetID: String, actionID: Int) {
        self.engine = engine
        self.targetID = targetID
        self.actionID = actionID
    }

    /// True once removed, or when its target or engine is gone.
    public var isRemoved: Bool {
        engine?.hasAction(targetID: targetID, actionID: actionID) != true
    }

    /// Removes the action; removing twice does nothing.
    public func remove() {
        engine?.removeAction(targetID: targetID, actionID: actionID)
    }
}
