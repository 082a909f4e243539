import CSDL2
import KioskGraphics
#if canImport(Glibc)
import Glibc
#endif

/// A desktop window (X11 or Wayland, through SDL2) showing the panel: for building and
/// trying a kiosk on a workstation. `present` copies the damage from the shadow canvas into
/// a panel-sized frame (turned by the rotation, as the DRM display does), uploads only those
/// rectangles into a streaming texture and shows it scaled to the window. The window is
/// created at the panel's size, shrunk to fit the desktop; the renderer's logical size keeps
/// the aspect ratio when it is resized and maps the mouse back to panel pixels, and a HiDPI
/// desktop gets a drawable at its full pixel density.
///
/// Its events (mouse, fingers, keys, closing) are read by `WindowInputSource`, on the loop's
/// thread, as SDL requires of the thread that made the window.
public final class WindowDisplay: Display {
    public let canvas: Canvas
    /// The picture in the panel's orientation, the texture's source.
    private let frame: Canvas
    public let rotation: ScreenRotation
    /// SDL's id of the window, for the input source.
    public let windowID: UInt32
    /// The connection to the desktop, readable when the window has events; -1 when SDL's
    /// video driver exposes none.
    public let connectionDescriptor: Int32
    private let window: OpaquePointer
    private let renderer: OpaquePointer
    private let texture: OpaquePointer

    /// Opens a window for a UI of `width` x `height` turned by `rotation` on the panel.
    /// Throws, naming what is missing, when there is no desktop to open it on.
    public init(width: Int, height: Int, rotation: ScreenRotation = .none, title: String = "kiosk") throws(DisplayError) {
        // Only the desktops the environment names: SDL would otherwise try others and fall
        // back to drivers that show nothing (offscreen).
        let desktops = [("DISPLAY", "x11"), ("WAYLAND_DISPLAY", "wayland")].filter { Self.isSet($0.0) }
        guard !desktops.isEmpty else {
            throw DisplayError("open a window", reason: "no desktop: neither $DISPLAY nor $WAYLAND_DISPLAY is set "
                               + "(run it in an X11 or Wayland session, or \(DisplayError.headlessAdvice))")
        }
        if let reason = kiosk_sdl_load() {
            throw DisplayError("open a window", reason: "SDL2 is not installed (\(String(cString: reason))); "
                               + "install libsdl2-2.0-0")
        }
        do {
            canvas = try Canvas(width: width, height: height, format: .xrgb8888)
            frame = rotation.swapsAxes ? try Canvas(width: height, height: width, format: .xrgb8888)
                                       : try Canvas(width: width, height: height, format: .xrgb8888)
        } catch {
            throw DisplayError("open a window", reason: "\(error)")
        }
        self.rotation = rotation
        kiosk_SDL_SetHint(SDL_HINT_VIDEODRIVER, desktops.map(\.1).joined(separator: ","))
        // The kiosk's loop takes SIGINT and SIGTERM through its signalfd; SDL's handlers would
        // turn them into a quit event instead.
        kiosk_SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
        // The mouse is one finger and fingers are fingers: neither is copied as the other.
        kiosk_SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0")
        kiosk_SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0")
        let named = desktops.map { "$\($0.0)=\(String(cString: getenv($0.0)))" }.joined(separator: ", ")
        let (window, renderer, texture) = try Self.open(width: frame.width, height: frame.height, title: title, desktop: named)
        self.window = window
        self.renderer = renderer
        self.texture = texture
        windowID = kiosk_SDL_GetWindowID(window)
        connectionDescriptor = kiosk_sdl_connection_fd(window)
    }

    /// Creates the window, its renderer and the texture with SDL's video started, with the
    /// process's asynchronous signals blocked meanwhile: a thread SDL starts inherits that
    /// mask, so a SIGTERM always reaches the loop's thread (and its signalfd).
    private static func open(width: Int, height: Int, title: String, desktop: String) throws(DisplayError)
        -> (OpaquePointer, OpaquePointer, OpaquePointer) {
        var all = sigset_t(), previous = sigset_t()
        sigfillset(&all)
        for fault in [SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP] { sigdelset(&all, fault) }
        pthread_sigmask(SIG_BLOCK, &all, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        guard kiosk_SDL_Init(SDL_INIT_VIDEO) == 0 else {
            throw DisplayError("open a window", reason: "cannot reach the desktop at \(desktop): \(sdlError())")
        }
        let scale = fittingScale(width: width, height: height)
        // Downscaled, bilinear reads better; at whole multiples every pixel stays sharp.
        kiosk_SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, scale < 1 ? "linear" : "nearest")
        let flags = SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_RESIZABLE.rawValue
        let centred = Int32(bitPattern: SDL_WINDOWPOS_CENTERED_MASK)
        guard let window = kiosk_SDL_CreateWindow(title, centred, centred, Int32((Double(width) * scale).rounded()),
                                            Int32((Double(height) * scale).rounded()), flags) else {
            let error = DisplayError("create the window", reason: sdlError())
            kiosk_SDL_Quit()
            throw error
        }
        guard let renderer = kiosk_SDL_CreateRenderer(window, -1, 0),
              kiosk_SDL_RenderSetLogicalSize(renderer, Int32(width), Int32(height)) == 0,
              let texture = kiosk_SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGB888.rawValue,
                                              Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), Int32(width), Int32(height))
        else {
            let error = DisplayError("create the window's renderer", reason: sdlError())
            kiosk_SDL_DestroyWindow(window)
            kiosk_SDL_Quit()
            throw error
        }
        return (window, renderer, texture)
    }

    /// The largest scale up to 1 at which the window fits the desktop's usable area.
    private static func fittingScale(width: Int, height: Int) -> Double {
        var usable = SDL_Rect()
        guard kiosk_SDL_GetDisplayUsableBounds(0, &usable) == 0, usable.w > 0, usable.h > 0 else { return 1 }
        return min(1, Double(usable.w) / Double(width), Double(usable.h) / Double(height))
    }

    private static func isSet(_ name: String) -> Bool {
        getenv(name).map { $0.pointee != 0 } ?? false
    }

    private static func sdlError() -> String { String(cString: kiosk_SDL_GetError()) }

    deinit {
        kiosk_SDL_DestroyTexture(texture)
        kiosk_SDL_DestroyRenderer(renderer)
        kiosk_SDL_DestroyWindow(window)
        kiosk_SDL_Quit()
    }

    public var size: Size { canvas.size }
    public var panelSize: (width: Int, height: Int) { (frame.width, frame.height) }
    /// Presenting does not wait for the desktop.
    public var isReadyForFrame: Bool { true }

    public func present(damage: Region) {
        let turns = rotation.quarterTurns
        for r in damage.intersection(canvas.bounds).rects {
            frame.copy(from: canvas, rect: r, quarterTurns: turns)
            let panel = Canvas.panelRect(r, uiSize: canvas.size, quarterTurns: turns)
            var rect = SDL_Rect(x: Int32(panel.x), y: Int32(panel.y), w: Int32(panel.width), h: Int32(panel.height))
            let pixels = frame.baseAddress + panel.y * frame.pitch + panel.x * 4
            kiosk_SDL_UpdateTexture(texture, &rect, pixels, Int32(frame.pitch))
        }
        repaint()
    }

    /// Shows the texture again: after `present`, and when the desktop asks for the window's
    /// content (exposed, resized), since a renderer keeps no picture between presents.
    public func repaint() {
        kiosk_SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
        kiosk_SDL_RenderClear(renderer)
        kiosk_SDL_RenderCopy(renderer, texture, nil, nil)
        kiosk_SDL_RenderPresent(renderer)
        // Presenting can read the desktop's events into Xlib's queue, where they would not
        // make the connection readable; pumped, they wait in SDL's queue, which the input
        // source looks at before the loop sleeps.
        kiosk_SDL_PumpEvents()
    }
}
