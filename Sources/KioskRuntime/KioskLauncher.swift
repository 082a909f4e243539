import CKioskShim
import KioskDisplay
import KioskGraphics
import KioskInput
#if canImport(Glibc)
import Glibc
#endif

/// Opens the display, the console and the input a `LaunchConfiguration` names, builds the
/// scene at the display's size, runs the loop and puts the panel and the console back on
/// every way out (return, error, SIGINT/SIGTERM; a crash through the fatal-signal handler).
public enum KioskLauncher {
    /// The display `configuration` asks for: DRM, waiting for a panel to be plugged in if
    /// none is; with `.auto` and no usable card, a headless display (and a message saying why).
    public static func openDisplay(_ configuration: LaunchConfiguration,
                                   report: (String) -> Void) throws -> (display: any Display, hotplug: HotplugMonitor?) {
        kiosk_install_fatal_signal_handlers()
        // Frame-sized buffers (snapshots, frame grabs, PNG encodes) come and go. After the first
        // is freed glibc raises its mmap threshold to their size and from then on keeps them in
        // the heap, where a long-running kiosk's resident memory stays megabytes high. A fixed
        // threshold hands every large buffer back to the system when it is freed.
        _ = kiosk_set_mmap_threshold(128 * 1024)
        var hotplug: HotplugMonitor?
        var drmOptions = configuration.drm
        drmOptions.rotation = configuration.rotation
        if configuration.display == .window {
            let window = try WindowDisplay(width: configuration.headlessWidth, height: configuration.headlessHeight,
                                           rotation: configuration.rotation)
            report("display: a desktop window, \(window.panelSize.width)x\(window.panelSize.height), "
                   + "rotation \(configuration.rotation.degrees)")
            return (window, nil)
        }
        if configuration.display != .headless {
            let missing = KernelModules.missing(drmOptions.modules)
            if !missing.isEmpty {
                report("display: the board expects the kernel modules \(drmOptions.modules.joined(separator: ", ")); "
                       + "not loaded: \(missing.joined(separator: ", ")) (modprobe them, or check the kernel's configuration)")
            }
            hotplug = try? HotplugMonitor()
            while true {
                do {
                    let drm = try DRMDisplay.open(drmOptions)
                    report("display: \(drm.device.path) \(drm.connector.name) \(drm.mode) \(drm.format), "
                           + "rotation \(configuration.rotation.degrees)")
                    return (drm, hotplug)
                } catch where error.kind == .noConnectedConnector && hotplug != nil {
                    report("display: \(error.reason); waiting for a panel to be connected")
                    try waitForHotplug(hotplug!)
                } catch {
                    guard configuration.display == .auto else { throw error }
                    report("display: no usable DRM card (\(error)); running headless")
                    break
                }
            }
        }
        let display = try HeadlessDisplay(width: configuration.headlessWidth, height: configuration.headlessHeight,
                                          rotation: configuration.rotation)
        return (display, nil)
    }

    /// Runs `makeScene`'s scene (made for the display's size and the opened input) on `display` until a stop signal or the scene's end, with the
    /// console taken over on DRM; `prepare` sees the loop before it runs (to add sources),
    /// `finished` sees it (its measurements) before the panel and the console are restored.
    public static func run(_ configuration: LaunchConfiguration, display: any Display, hotplug: HotplugMonitor?,
                           report: @escaping (String) -> Void, makeScene: (Size, (any InputSource)?) throws -> KioskScene,
                           prepare: (RunLoopScheduler) throws -> Void = { _ in },
                           finished: (RunLoopScheduler) -> Void = { _ in }) throws -> RunLoopScheduler.Exit {
        var console: VirtualTerminal?
        if display.drivesConsole {
            do {
                console = try VirtualTerminal(lockSwitching: configuration.lockVT)
            } catch {
                report("console: \(error); the VT stays as it is")
            }
        }
        defer {
            display.restore()
            console?.restore()
        }
        let input = try makeInput(configuration, display: display)
        let scene = try makeScene(display.size, input)
        let loop = try KioskRunLoop(display: display, input: input, scene: scene, console: console, hotplug: hotplug,
                                    notifier: SystemdNotifier(environment: environment()))
        loop.scheduler.report = report
        try prepare(loop.scheduler)
        let exit = try loop.run()
        loop.scheduler.notifier.notify("STOPPING=1")
        finished(loop.scheduler)
        return exit
    }

    /// The configured input; a window's own mouse, fingers and keys in place of the seat's
    /// devices (a touch script, `--input` and `--no-input` still say otherwise). The panel's
    /// touch calibration is not the desktop's: the window's input is turned, not calibrated.
    private static func makeInput(_ configuration: LaunchConfiguration, display: any Display) throws -> (any InputSource)? {
        let panel = display.panelSize
        if let window = display as? WindowDisplay, case .seat = configuration.input.origin {
            let transform = TouchTransform(panelWidth: Double(panel.width), panelHeight: Double(panel.height),
                                           rotation: configuration.rotation)
            return WindowInputSource(windowID: window.windowID, descriptor: window.connectionDescriptor,
                                     transform: transform, repaint: window.repaint)
        }
        return try configuration.input.makeSource(panelWidth: panel.width, panelHeight: panel.height,
                                                  rotation: configuration.rotation)
    }

    private static func waitForHotplug(_ monitor: HotplugMonitor) throws(SystemError) {
        var fd = pollfd(fd: monitor.fileDescriptor, events: Int16(POLLIN), revents: 0)
        while true {
            if poll(&fd, 1, -1) < 0 {
                if errno == EINTR { continue }
                throw SystemError("wait for a display hotplug")
            }
            if monitor.readHotplugs() { return }
        }
    }

    private static func environment() -> [String: String] {
        var result: [String: String] = [:]
        for key in ["NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID"] {
            if let value = getenv(key) { result[key] = String(cString: value) }
        }
        return result
    }
}
