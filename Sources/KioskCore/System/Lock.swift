import Glibc

/// A mutual-exclusion lock used as `lock()`/`unlock()` pairs around shared state. Foundation's
/// NSLock lives in full Foundation, which would link ICU's data into the kiosk; Synchronization's
/// `Mutex` holds its state inside itself, which the callers' `lock(); defer { unlock() }`
/// sections around several stored properties do not.
public final class Lock: @unchecked Sendable {
    /// Inlinable with its calls: a frame of a drag takes locks a dozen times, and a call
    /// into this module with a closure for each showed.
    @usableFromInline let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    public init() { pthread_mutex_init(mutex, nil) }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    @inlinable public func lock() { pthread_mutex_lock(mutex) }
    @inlinable public func unlock() { pthread_mutex_unlock(mutex) }

    @inlinable public func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }

    fileprivate var pointer: UnsafeMutablePointer<pthread_mutex_t> { mutex }
}

/// A lock with a condition variable (NSCondition's API, without full Foundation): `wait()`
/// releases the lock until `signal()` or `broadcast()`.
public final class Condition: @unchecked Sendable {
    private let mutex = Lock()
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    public init() { pthread_cond_init(condition, nil) }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
    }

    public func lock() { mutex.lock() }
    public func unlock() { mutex.unlock() }
    public func withLock<T>(_ body: () throws -> T) rethrows -> T { try mutex.withLock(body) }
    public func wait() { pthread_cond_wait(condition, mutex.pointer) }
    public func signal() { pthread_cond_signal(condition) }
    public func broadcast() { pthread_cond_broadcast(condition) }
}

/// Runs `body` on a new, detached thread (Foundation's Thread is full Foundation's); a
/// thread the system refuses (too many, no memory) is an error that names it, not a crash.
public func startThread(named name: String, _ body: @escaping @Sendable () -> Void) throws(SystemError) {
    final class Box: @unchecked Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    let box = Unmanaged.passRetained(Box(body)).toOpaque()
    var thread = pthread_t()
    let started = pthread_create(&thread, nil, { argument in
        let box = Unmanaged<Box>.fromOpaque(argument!).takeRetainedValue()
        box.body()
        return nil
    }, box)
    guard started == 0 else {
        Unmanaged<Box>.fromOpaque(box).release()
        throw SystemError("start the \(name) thread", errno: Errno(rawValue: started))
    }
    pthread_detach(thread)
}
