import ArgumentParser
import KioskControl
import KioskCore
import KioskGestures
import KioskRuntime
import KioskViews

/// `snapshot`'s flags and work, for screen files and Swift kiosks alike: the host rendered
/// headless into a PNG, after a touch script played on a virtual clock up to a time.
public struct SnapshotOptions: ParsableArguments {
    @Option(help: "The PNG to write.")
    public var out: String

    @Option(help: "A touch script to play first.")
    public var touches: String?

    @Option(help: "Milliseconds into the touch script to capture (default: its end).")
    public var at: Int?

    public init() {}

    public func capture(_ host: UIHost) throws {
        let simulation = try Simulation(host: host)
        let script = try touches.map(TouchScript.init(file:)) ?? TouchScript(frames: [], endTime: 0)
        try simulation.play(script, until: at.map { Microseconds($0) * 1000 })
        try simulation.canvas.writePNG(to: out)
    }
}

/// `simulate`'s flags and work, for screen files and Swift kiosks alike: a touch script
/// played against the host on a virtual clock, the event log printed as it happens.
public struct SimulateOptions: ParsableArguments {
    @Option(help: "The touch script (*.touch).")
    public var touches: String

    @Option(help: "Write frame-NNNN-tMS.png here for every frame that changed.")
    public var frames: String?

    @Option(name: .customLong("memory-every"),
            help: ArgumentHelp("Log the kiosk's live heap and resident memory every this many seconds of the script's clock (a soak's readings).",
                               valueName: "seconds"))
    public var memoryInterval: Int?

    public init() {}

    public mutating func validate() throws {
        if let memoryInterval, memoryInterval <= 0 { throw ValidationError("--memory-every takes a number of seconds above 0") }
    }

    /// The script, read before the host is made so that its errors come first.
    public func script() throws -> TouchScript { try TouchScript(file: touches) }

    public func play(_ script: TouchScript, on host: UIHost) throws {
        let simulation = try Simulation(host: host)
        simulation.onEvents = { events in for event in events { print(EventLog.line(for: event)) } }
        if let frames { try simulation.writeFrames(to: frames) }
        if let memoryInterval {
            simulation.onTick = (Microseconds(memoryInterval) * 1_000_000, { time in
                print(Self.memoryLine(at: time, caches: host.cacheUsage))
            })
        }
        try simulation.play(script)
    }

    /// `{"t_ms":…,"event":"memory","heap_kb":…,"rss_kb":…,"cache_glyphs":…}`: the memory
    /// now and each cache's size (as `ctl stats` names them), in the event log.
    static func memoryLine(at time: Microseconds, caches: [CacheUsage]) -> String {
        let memory = ProcessMemory.current
        var line = "{\"t_ms\":\(EventLog.milliseconds(time)),\"event\":\"memory\",\"heap_kb\":\(memory.heapBytes / 1024)"
        if let resident = memory.residentBytes { line += ",\"rss_kb\":\(resident / 1024)" }
        for field in caches.flatMap(\.fields) { line += ",\"\(field.name)\":\(field.value)" }
        return line + "}"
    }
}
