import CSDL2
import KioskCore
#if canImport(Glibc)
import Glibc
#endif

/// A desktop window's input (`--display window`): the left mouse button is one finger,
/// SDL's fingers are fingers (a touchscreen on the desktop), the keyboard is keys, and
/// closing the window stops the kiosk as SIGTERM does. Events go through `TouchTranslator`
/// as libinput's do, so slots, rotation and calibration behave as on the panel.
///
/// The loop polls the window's connection to the desktop (X11's or Wayland's socket) and
/// reads SDL's events on its own thread when it becomes readable. That wakes only for real
/// events and keeps SDL on the thread that made the window, which SDL requires (a helper
/// thread waiting in SDL_WaitEvent would pump the events off that thread). Events read
/// into SDL's queue while the window presented do not make the socket readable, so
/// `nextEventTime` makes the loop read them before it sleeps.
public final class WindowInputSource: InputSource {
    public let fileDescriptor: Int32
    private var translator: TouchTranslator
    private let windowID: UInt32
    private let repaint: () -> Void
    /// The mouse's device number for the translator, apart from every touch device's.
    private static let mouse = Int.min
    /// SDL_TOUCH_MOUSEID, the mouse SDL makes up from a touchscreen (a macro Swift cannot import).
    private static let touchMouse = UInt32.max

    /// Reads window `windowID`'s events; its connection to the desktop is `descriptor`.
    /// `repaint` shows the window's content again when the desktop asks for it.
    public init(windowID: UInt32, descriptor: Int32, transform: TouchTransform, repaint: @escaping () -> Void) {
        self.windowID = windowID
        fileDescriptor = descriptor
        translator = TouchTranslator(transform: transform)
        self.repaint = repaint
    }

    /// Now when SDL holds events already read from the desktop.
    public var nextEventTime: Microseconds? {
        kiosk_SDL_HasEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue) == SDL_TRUE ? 0 : nil
    }

    public func readEvents() throws -> [InputEvent] {
        var raw: [RawInputEvent] = []
        var exposed = false
        var event = SDL_Event()
        let time = MonotonicClock.now()
        let panel = (width: translator.transform.panelWidth, height: translator.transform.panelHeight)
        while kiosk_SDL_PollEvent(&event) != 0 {
            switch SDL_EventType(event.type) {
            case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
                let button = event.button
                guard button.which != Self.touchMouse, button.button == SDL_BUTTON_LEFT else { continue }
                raw.append(Self.pointer(x: button.x, y: button.y, panel: panel, time: time))
                raw.append(.pointerButton(device: Self.mouse, pressed: button.state == SDL_PRESSED, time: time))
            case SDL_MOUSEMOTION:
                let motion = event.motion
                guard motion.which != Self.touchMouse else { continue }
                raw.append(Self.pointer(x: motion.x, y: motion.y, panel: panel, time: time))
            case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
                let finger = event.tfinger
                let device = Int(truncatingIfNeeded: finger.touchId)
                let phase: TouchPhase = switch SDL_EventType(event.type) {
                case SDL_FINGERDOWN: .down
                case SDL_FINGERMOTION: .move
                default: .up
                }
                let lifted = phase == .up
                raw.append(.touch(device: device, slot: Int(truncatingIfNeeded: finger.fingerId), phase: phase,
                                  x: lifted ? nil : Double(finger.x), y: lifted ? nil : Double(finger.y), time: time))
                raw.append(.touchFrame(device: device, time: time))
            case SDL_KEYDOWN, SDL_KEYUP:
                let key = event.key
                // The kiosk repeats keys itself; the desktop's repeats are not new presses.
                guard key.repeat == 0, key.windowID == windowID,
                      let code = WindowKeys.code(of: key.keysym.scancode) else { continue }
                raw.append(.key(device: Self.mouse, code: code, pressed: key.state == SDL_PRESSED, time: time))
            case SDL_WINDOWEVENT:
                let change = SDL_WindowEventID(UInt32(event.window.event))
                if change == SDL_WINDOWEVENT_EXPOSED || change == SDL_WINDOWEVENT_SIZE_CHANGED { exposed = true }
            case SDL_QUIT:
                // The window was closed: the loop stops on its signalfd, the way SIGTERM stops it.
                raise(SIGTERM)
            default:
                continue
            }
        }
        if exposed { repaint() }
        return translator.translate(raw)
    }

    /// The mouse at panel pixel (`x`, `y`) (SDL maps the window to the renderer's logical
    /// size, the panel's), kept on the panel when the pointer is on the window's margins.
    private static func pointer(x: Int32, y: Int32, panel: (width: Double, height: Double),
                                time: Microseconds) -> RawInputEvent {
        .pointerPosition(device: mouse, x: min(max(Double(x), 0), panel.width - 1) / panel.width,
                         y: min(max(Double(y), 0), panel.height - 1) / panel.height, time: time)
    }
}
