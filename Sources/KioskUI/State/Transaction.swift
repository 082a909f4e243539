import Foundation

/// SwiftUI's `Transaction`: the context of a state change, chiefly the animation it is
/// shown with (`withAnimation`, a `@GestureState`'s `resetTransaction`).
public struct Transaction {
    public var animation: Animation?
    /// True to keep the animation of views that set their own (`.animation(_:value:)`).
    public var disablesAnimations = false

    public init() {}

    public init(animation: Animation?) { self.animation = animation }

    /// The transaction of the `withAnimation` (or `withTransaction`) running now on this
    /// thread.
    static var current: Transaction {
        get { Thread.current.threadDictionary[key] as? Transaction ?? Transaction() }
        set { Thread.current.threadDictionary[key] = newValue }
    }

    private static let key = "KioskUI.Transaction"
}

/// Runs `body`, showing the state changes it makes with `animation`.
@discardableResult
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try withTransaction(Transaction(animation: animation), body)
}

/// Runs `body` with `transaction` as the context of the state changes it makes.
@discardableResult
public func withTransaction<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows -> Result {
    let outer = Transaction.current
    Transaction.current = transaction
    defer { Transaction.current = outer }
    return try body()
}
