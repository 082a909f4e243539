/// What the run loop asks of the console while the kiosk runs: to let a VT switch away go
/// ahead (after the display and the input gave their devices up) and to acknowledge the
/// switch back. `VirtualTerminal` does it with the kernel's VT ioctls; a test records it.
public protocol ConsoleSwitching: AnyObject {
    func allowRelease()
    func acknowledgeAcquire()
}
