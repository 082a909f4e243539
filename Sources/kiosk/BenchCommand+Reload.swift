import FoundationEssentials
import KioskCore
import KioskBench
import KioskGraphics
import KioskRuntime
import KioskScreenFiles
import KioskText
import KioskViews

/// `scene=reload`: `kiosk run examples/coffee.toml --watch` showing a save, from reading the
/// files to the new frame drawn (the file and its images read and checked, the new host
/// made on the screen shown and drawn whole), against a cold `kiosk snapshot` of it in the
/// same run (fonts loaded, the file read, the host made and drawn, the PNG encoded).
/// `ratio` is the reload's over the snapshot's; the watch's quiet time, a wait rather than
/// work, comes on top (`quiet_ms`).
extension BenchCommand {
    func runReload() throws {
        let path = "examples/coffee.toml"
        let bench = Benchmark(warmUpFrames: min(warmUp, 2), timedFrames: max(1, min(frames, 20)))
        let source = try ScreenSource(path: path)
        let size = Size(width: 1280, height: 800)
        let canvas = try Canvas(width: 1280, height: 800, format: .xrgb8888)
        let values = ControlValues()
        func host(_ source: ScreenSource, resuming screen: String?) -> UIHost {
            source.file!.makeHost(size: size, textEngine: source.textEngine, values: values, initialScreen: screen) { _ in }
        }
        let scene = HostScene(host: host(source, resuming: nil), start: 0, log: { _ in })
        _ = scene.render(into: canvas)
        var failure: (any Error)?
        let reload = bench.run {
            do {
                let again = try ScreenSource(reading: path, textEngine: source.textEngine, fonts: FontOptions())
                scene.replace(host: host(again, resuming: scene.host.currentScreen))
                _ = scene.render(into: canvas)
            } catch {
                failure = error
            }
        }
        var bytes = 0
        let cold = bench.run {
            do {
                let fresh = try ScreenSource(path: path)
                let canvas = try Canvas(width: 1280, height: 800, format: .xrgb8888)
                host(fresh, resuming: nil).render(into: canvas)
                bytes = try canvas.pngData().count
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        try write(canvas, "reload-coffee")
        print("scene=reload file=\(path) res=1280x800 median_ms=\(Self.ms(reload.median)) p95_ms=\(Self.ms(reload.p95)) "
              + "frames=\(reload.frames) snapshot_ms=\(Self.ms(cold.median)) png_bytes=\(bytes) "
              + "ratio=\(String(cFormat: "%.2f", reload.median / cold.median)) quiet_ms=\(FileWatch.defaultQuiet / 1000)")
    }
}
