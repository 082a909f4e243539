import FoundationEssentials
import Glibc
import KioskControl
import KioskGestures
import KioskGraphics
import KioskViews

/// A `UIHost` as the run loop's scene: touches, keys and time go to the host, and every UI
/// event it reports becomes an event-log line (DESIGN.md) with `t_ms` counted from `start`;
/// a `speak` event is also said by `speak`.
public final class HostScene: KioskScene {
    /// The UI shown; a reloaded screen file puts a new one in its place (`replace(host:)`).
    public private(set) var host: UIHost
    public let start: Microseconds
    /// When the scene ends (a played touch script's `end`); nil runs until stopped.
    public let end: Microseconds?
    private let log: (String) -> Void
    private var now: Microseconds
    /// Says a `speak` event's text in the host's locale (the screen reader's voice); nil
    /// when the kiosk has no speech output.
    public var speak: ((String, LanguageTag) -> Void)?
    /// The mode to go back to when the headphones are unplugged; nil while none are in.
    private var modeBeforeHeadphones: AccessibilityMode?

    public init(host: UIHost, start: Microseconds, end: Microseconds? = nil, log: @escaping (String) -> Void) {
        self.host = host
        self.start = start
        self.end = end
        self.log = log
        now = start
    }

    public func handle(_ frame: TouchFrame) {
        now = max(now, frame.timestamp)
        emit(host.handle(frame))
    }

    public func handle(_ key: KeyEvent) {
        now = max(now, key.timestamp)
        emit(host.handle(key))
    }

    public func advance(to time: Microseconds) {
        now = max(now, time)
        emit(host.advance(to: time))
    }

    public var nextDeadline: Microseconds? {
        switch (host.nextDeadline, end) {
        case let (a?, b?): min(a, b)
        case let (a, b): a ?? b
        }
    }

    /// Shows screen `id` at `time` (the control socket asked); the switch is logged at once.
    public func show(screen id: String, at time: Microseconds) {
        advance(to: time)
        host.show(screen: id)
        emit(host.advance(to: now))
    }

    /// Performs accessibility element `id`'s default action at `time` (the control socket
    /// asked); its `triggered` event and what follows are logged at once.
    public func activate(_ id: String, at time: Microseconds) throws(AccessibilityError) {
        advance(to: time)
        emit(try host.activate(id))
    }

    /// Switches explore by touch on or off; what the screen reader says about it is logged.
    public func setAccessibilityMode(_ mode: AccessibilityMode) {
        host.accessibilityMode = mode
        emit(host.advance(to: now))
    }

    /// The screen reader says `text` at `time` (spoken and logged as a `speak` event).
    public func announce(_ text: String, at time: Microseconds) {
        advance(to: time)
        emit([UIEvent(time: now, kind: .speak(text))])
    }

    /// Headphones plugged in turn the screen reader (explore by touch) on, as a terminal's
    /// headphone jack does; unplugged, the mode from before comes back.
    public func headphones(pluggedIn: Bool, at time: Microseconds) {
        advance(to: time)
        if pluggedIn {
            guard modeBeforeHeadphones == nil else { return }
            modeBeforeHeadphones = host.accessibilityMode
            host.accessibilityMode = .explore
        } else {
            guard let previous = modeBeforeHeadphones else { return }
            modeBeforeHeadphones = nil
            host.accessibilityMode = previous
        }
        emit(host.advance(to: now))
    }

    /// Shows `new` in place of the host (the screen file was saved and read again): it is
    /// drawn whole in the next frame, and the screen reader's mode carries over.
    public func replace(host new: UIHost) {
        new.accessibilityMode = host.accessibilityMode
        host = new
        emit(host.advance(to: now))
    }

    /// Why the screen file was not reloaded, shown over the top of the UI until it is
    /// (`ReloadBanner`); nil shows none.
    public var reloadError: String? {
        didSet {
            guard reloadError != oldValue else { return }
            bannerChanged = true
        }
    }
    private var bannerChanged = false

    /// Logs a reload of the screen file at `time`: `{"event":"reload"}`, with the error when
    /// it failed.
    public func logReload(error: String?, at time: Microseconds) {
        now = max(now, time)
        log(EventLog.reloadLine(at: now - start, error: error))
    }

    public var needsFrame: Bool { host.needsFrame || bannerChanged }
    public var isRunning: Bool { end.map { now < $0 } ?? true }

    public func render(into canvas: Canvas) -> Region {
        // Under a banner each frame is drawn whole: the host moves pixels it drew before
        // (a scroll view's), and those could be the banner's.
        if reloadError != nil || bannerChanged { host.invalidateDrawing() }
        bannerChanged = false
        var damage = host.render(into: canvas)
        if let reloadError {
            damage = damage.union(Region(ReloadBanner(error: reloadError).draw(on: canvas, with: host.textEngine)))
        }
        return damage
    }

    /// Logs `events`; one from before the scene started (the screen reader switched on while
    /// the host was made) is logged at the start.
    private func emit(_ events: [UIEvent]) {
        for event in events {
            if case .speak(let text) = event.kind { speak?(text, host.locale) }
            log(EventLog.line(for: UIEvent(time: max(event.time, start) - start, kind: event.kind)))
        }
    }
}
