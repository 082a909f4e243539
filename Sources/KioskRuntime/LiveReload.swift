import KioskCore
import KioskViews

/// `kiosk run --watch`: when the screen file, its icons or its images change, reads them
/// again and shows the new UI in place of the old, on the screen that was shown; the
/// controls' values and text fields' texts live in the operations' `ControlValues`, so
/// those whose ids are still there keep them. A save that cannot be read (broken, missing,
/// half written) leaves the last good UI up with its error over it and on stderr; the
/// next good save takes it away. The event log says each reload (`"event":"reload"`).
public final class LiveReload {
    public let watch: FileWatch
    private let scene: HostScene
    private let operations: KioskOperations
    private let size: Size
    private let clock: any Clock
    private let load: () throws -> HostFiles
    private let report: (String) -> Void
    /// Each new host is woken by changes made on other threads this way.
    private let prepare: (UIHost) -> Void
    private var paths: [String]
    /// Reloads so far, good or not.
    public private(set) var reloads = 0

    public init(scene: HostScene, operations: KioskOperations, files: HostFiles, size: Size, clock: any Clock,
                load: @escaping () throws -> HostFiles, prepare: @escaping (UIHost) -> Void,
                report: @escaping (String) -> Void) throws(SystemError) {
        self.scene = scene
        self.operations = operations
        self.size = size
        self.clock = clock
        self.load = load
        self.prepare = prepare
        self.report = report
        paths = files.paths
        var reload: () -> Void = {}
        watch = try FileWatch(clock: clock) { reload() }
        reload = { [unowned self] in self.reload() }
        watch.follow(paths)
        report("watch: reloading on changes to \(paths.joined(separator: ", "))")
    }

    /// Reads the files again and shows them, or says why not.
    public func reload() {
        reloads += 1
        let now = clock.now()
        do {
            let files = try load()
            let host = try files.make(size, operations, scene.host.currentScreen)
            prepare(host)
            scene.replace(host: host)
            operations.controller?.buttons = files.buttons
            // Icons added or dropped by this save are followed from now on.
            paths = files.paths
            scene.reloadError = nil
            scene.logReload(error: nil, at: now)
            report("watch: reloaded")
        } catch {
            let message = "\(error)"
            scene.reloadError = message
            scene.logReload(error: message, at: now)
            report("watch: not reloaded: \(message)")
        }
        // A directory made again after it was removed is watched again.
        watch.follow(paths)
    }
}
