import FoundationEssentials
import Glibc

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
        get { TransactionSlot.current.transaction }
        set { TransactionSlot.current.transaction = newValue }
    }
}

/// A thread's current transaction, in a thread-specific slot: the thread's dictionary
/// costs more than the state change it accompanies.
private final class TransactionSlot {
    var transaction = Transaction()

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { release($0) }
        return key
    }()

    /// The destructor of a thread's slot (its parameter is optional on Linux only).
    private static func release(_ slot: UnsafeMutableRawPointer?) {
        guard let slot else { return }
        Unmanaged<TransactionSlot>.fromOpaque(slot).release()
    }

    static var current: TransactionSlot {
        if let slot = pthread_getspecific(key) { return Unmanaged<TransactionSlot>.fromOpaque(slot).takeUnretainedValue() }
        let slot = TransactionSlot()
        pthread_setspecific(key, Unmanaged.passRetained(slot).toOpaque())
        return slot
    }
}

/// Runs `body`, showing the state changes it makes with `animation`.
@discardableResult
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try withTransaction(Transaction(animation: animation), body)
}

/// Runs `body` with `transaction` as the context of the state changes it makes.
@discardableResult
public func withTransaction<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows -> Result {
    let slot = TransactionSlot.current
    let outer = slot.transaction
    slot.transaction = transaction
    defer { slot.transaction = outer }
    return try body()
}
