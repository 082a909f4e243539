import FoundationEssentials
import KioskCore
import KioskControl
import KioskDisplay
import KioskInput
import KioskViews
#if canImport(Glibc)
import Glibc
#endif

extension KioskLauncher {
    /// Starts a kiosk, the one way `kiosk run` and a `KioskApp` do: opens the display,
    /// shows `content` with the operations attached, runs until a stop signal or the
    /// touch script's end, and reports on stderr how it went (touch-to-flip latency,
    /// start-up, the first frame, wake-ups, the stopping signal). Device, console, input and
    /// control-socket errors become a `LaunchError`.
    @discardableResult
    public static func launch(settings: LaunchSettings, content: KioskContent, headless: HeadlessOutput? = nil,
                              report: @escaping (String) -> Void, output: @escaping (String) -> Void) throws -> RunLoopScheduler.Exit? {
        let processStart = processStartTime()
        do {
            let configuration = settings.configuration
            let script: TouchScript? = if case .script(let script) = configuration.input.origin { script } else { nil }
            let (display, hotplug) = try openDisplay(configuration, report: report)
            let headlessDisplay = display as? HeadlessDisplay
            var reloader: LiveReload?
            if let headless, headlessDisplay != nil, case .host = content, script == nil,
               settings.operations.control == nil {
                try headless.renderAlone()
                return nil
            }
            let operations = KioskOperations(settings: settings.operations, report: report, output: output)
            var hostScene: HostScene?
            var buttons: Set<String>?
            var uiSize = Size(width: 0, height: 0)
            let exit = try run(configuration, display: display, hotplug: hotplug, report: report, makeScene: { size, input in
                let host: UIHost
                switch content {
                case .scene(let make):
                    return make(size)
                case .host(let ids, let make):
                    host = try make(size, operations)
                    buttons = ids
                case .watched(let files, _):
                    host = try files.make(size, operations, nil)
                    buttons = files.buttons
                }
                uiSize = size
                wakeForChangesElsewhere(host)
                // A script's times count from its start; the event log's do too.
                let start = input?.scriptStart ?? MonotonicClock.now()
                let scene = HostScene(host: host, start: start, end: script.map { $0.endTime + start }, log: operations.log)
                hostScene = scene
                return operations.blanking(scene, display: display, settings: settings.kiosk, now: MonotonicClock.now(),
                                           invalidate: { [unowned scene] in scene.host.invalidate() })
            }, prepare: { loop in
                try operations.attach(to: loop, scene: hostScene, buttons: buttons)
                if case .watched(let files, let reload) = content, let hostScene {
                    let live = try LiveReload(scene: hostScene, operations: operations, files: files, size: uiSize,
                                              clock: loop.clock, load: reload, prepare: wakeForChangesElsewhere, report: report)
                    loop.sources.append(live.watch)
                    reloader = live
                }
            }, finished: { loop in
                summary(of: loop, processStart: processStart).forEach(report)
            })
            withExtendedLifetime(reloader) {}
            if case .signal(let number) = exit { report("stopped by signal \(number)") }
            if let headless, let headlessDisplay { try headless.lastFrame(headlessDisplay) }
            return exit
        } catch let error as DisplayError {
            throw LaunchError("\(error)")
        } catch let error as InputError {
            throw LaunchError("\(error)")
        } catch let error as SystemError {
            throw LaunchError("\(error)")
        } catch let error as ControlError {
            throw LaunchError("\(error)")
        }
    }

    /// A model written on another thread wakes the loop by the main queue.
    private static func wakeForChangesElsewhere(_ host: UIHost) {
        if MainQueue.isRunHere { host.wakeForChangesElsewhere(MainQueue.wake) }
    }

    /// One line per measure, for benchmarks and the board's tests.
    private static func summary(of loop: RunLoopScheduler, processStart: Int64?) -> [String] {
        var lines: [String] = []
        let samples = loop.latencies.recent
        if !samples.isEmpty {
            let ms = samples.map { Double($0.microseconds) / 1000 }.sorted()
            let frames = samples.map(\.frames).sorted()
            let window = samples.count < loop.latencies.total ? " (the latest \(samples.count))" : ""
            lines.append("touch-to-flip: \(loop.latencies.total) samples\(window), "
                         + String(cFormat: "median %.1f ms, max %.1f ms; flips median %d, max %d",
                                  ms[ms.count / 2], ms.last!, frames[frames.count / 2], frames.last!))
        }
        if let processStart, let first = loop.firstShownTime {
            lines.append(String(cFormat: "start-up: first frame on screen %.1f ms after process start",
                                Double(first - processStart) / 1000))
        }
        if let firstFrame = loop.display.firstFrameDescription {
            lines.append("first frame: " + firstFrame)
        }
        lines.append("wake-ups: \(loop.wakeUps)")
        return lines
    }

    /// When this process started, on CLOCK_MONOTONIC µs (/proc/self/stat counts clock ticks
    /// since boot, as CLOCK_MONOTONIC counts from boot).
    private static func processStartTime() -> Int64? {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = Int64(fields[19]) else { return nil }
        return ticks * 1_000_000 / Int64(sysconf(Int32(_SC_CLK_TCK)))
    }
}
