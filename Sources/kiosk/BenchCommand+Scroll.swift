import FoundationEssentials
import Glibc
import KioskCore
import KioskBench
import KioskGestures
import KioskGraphics
import KioskText
import KioskViews

/// `scene=scroll`: flings through a 1,000-row lazy list of labelled rows, one frame per
/// 16.7 ms of coasting (a new flick every half second), against a memset of the same
/// frame, the two interleaved in the same run (`kind=fling`). The copy a scroll frame
/// makes of what is already drawn is timed with them (`copy_median_ms`, a whole frame
/// moved 32 rows): on its own it is the floor of a scroll frame. And the first frame of a
/// 10,000-row lazy list against a 20-row one, with the resident memory each adds
/// (`kind=lazy-first-frame`).
extension BenchCommand {
    func runScroll() throws {
        let engine = try KioskTextEngine()
        let bench = Benchmark(warmUpFrames: warmUp, timedFrames: frames)
        let sizes = resolutions.isEmpty ? [(1280, 800), (800, 480)] : try self.sizes()
        for (width, height) in sizes {
            let size = Size(width: Double(width), height: Double(height))
            let canvas = try Canvas(width: width, height: height, format: .xrgb8888)
            let bytes = canvas.pitch * canvas.height
            let host = UIHost(size: size, textEngine: engine) { BenchList(count: 1_000) }
            host.render(into: canvas)
            var time: Microseconds = 1_000_000
            var downward = true
            let x = size.width / 2
            let fling = {
                // A flick of 200 points in 50 ms, up the list or back down it.
                let (from, to) = downward ? (size.height * 0.8, size.height * 0.8 - 200) : (size.height * 0.2, size.height * 0.2 + 200)
                for step in 0...5 {
                    let y = from + (to - from) * Double(step) / 5
                    let phase: TouchPhase = step == 0 ? .down : .move
                    _ = host.handle(TouchFrame(events: [TouchEvent(slot: 0, phase: phase, location: TouchLocation(x: x, y: y), timestamp: time)],
                                               timestamp: time))
                    time += 10_000
                }
                _ = host.handle(TouchFrame(events: [TouchEvent(slot: 0, phase: .up, location: TouchLocation(x: x, y: to), timestamp: time)],
                                           timestamp: time))
            }
            var flings = 0, scrollFrames = 0
            let scroll = {
                // A new flick every 30 frames (half a second) keeps the list moving fast.
                if scrollFrames % 30 == 0 {
                    fling()
                    flings += 1
                    if flings % 4 == 0 { downward.toggle() }
                }
                scrollFrames += 1
                time += 16_667
                _ = host.advance(to: time)
                host.render(into: canvas)
            }
            // The yardstick clears a frame of its own, so the list's canvas keeps what it drew.
            let cleared = try Canvas(width: width, height: height, format: .xrgb8888)
            let memset = { _ = Glibc.memset(cleared.baseAddress, 0xF2, bytes) }
            let moved = try Canvas(width: width, height: height, format: .xrgb8888)
            var copyUp = true
            let copy = {
                moved.move(moved.bounds, dx: 0, dy: copyUp ? -32 : 32)
                copyUp.toggle()
            }
            let results = bench.interleaved([scroll, memset, copy])
            let (frame, reference, copied) = (results[0], results[1], results[2])
            try write(canvas, "scroll-fling-\(width)x\(height)")
            print("scene=scroll kind=fling res=\(width)x\(height) rows=1000 median_ms=\(Self.ms(frame.median)) p95_ms=\(Self.ms(frame.p95)) "
                  + "memset_median_ms=\(Self.ms(reference.median)) memset_p95_ms=\(Self.ms(reference.p95)) "
                  + "median_ratio=\(String(cFormat: "%.2f", frame.median / reference.median)) "
                  + "p95_ratio=\(String(cFormat: "%.2f", frame.p95 / reference.p95)) flings=\(flings) "
                  + "copy_median_ms=\(Self.ms(copied.median)) copy_ratio=\(String(cFormat: "%.2f", copied.median / reference.median))")
        }
        try runLazyFirstFrame(engine: engine, bench: bench)
    }

    /// The first frame (resolve, lay out, draw) of a 10,000-row and a 20-row lazy list,
    /// interleaved, and the resident memory a 10,000-row host holds more than a 20-row one.
    private func runLazyFirstFrame(engine: KioskTextEngine, bench: Benchmark) throws {
        let size = Size(width: 1280, height: 800)
        let canvas = try Canvas(width: 1280, height: 800, format: .xrgb8888)
        func firstFrame(_ count: Int) -> () -> Void {
            { UIHost(size: size, textEngine: engine) { BenchList(count: count) }.render(into: canvas) }
        }
        let results = bench.interleaved([firstFrame(10_000), firstFrame(20)])
        let (large, small) = (results[0], results[1])
        let before = Self.residentBytes()
        var hosts = (0..<8).map { _ in UIHost(size: size, textEngine: engine) { BenchList(count: 20) } }
        for host in hosts { host.render(into: canvas) }
        let smallBytes = (Self.residentBytes() - before) / 8
        let middle = Self.residentBytes()
        hosts += (0..<8).map { _ in UIHost(size: size, textEngine: engine) { BenchList(count: 10_000) } }
        for host in hosts.suffix(8) { host.render(into: canvas) }
        let largeBytes = (Self.residentBytes() - middle) / 8
        print("scene=scroll kind=lazy-first-frame res=1280x800 rows=10000 median_ms=\(Self.ms(large.median)) "
              + "rows20_median_ms=\(Self.ms(small.median)) ratio=\(String(cFormat: "%.2f", large.median / small.median)) "
              + "rss_10000_kb=\(largeBytes / 1024) rss_20_kb=\(smallBytes / 1024) rss_difference_mb=\(String(cFormat: "%.2f", Double(largeBytes - smallBytes) / 1_048_576)) hosts=\(hosts.count)")
    }

    /// The process's resident memory, from /proc/self/statm.
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}

/// The benchmark's list: `count` labelled rows (a name, a detail and a button) in a lazy
/// stack in a scroll view.
struct BenchList: View {
    let count: Int

    var body: some View {
        ScrollView {
            LazyVStack(spacing: 8) {
                ForEach(0..<count, id: \.self) { index in
                    HStack(spacing: 16) {
                        Text(verbatim: "Drink \(index + 1)").font(.title3)
                        Spacer()
                        Text(verbatim: "Row \(index)").foregroundColor(.gray)
                        Button("Order") {}.buttonStyle(.borderedProminent)
                    }
                    .padding(.horizontal, 20)
                    .frame(height: 64)
                    .background(RoundedRectangle(cornerRadius: 12).fill(.white))
                }
            }
            .padding(16)
        }
    }
}
