import CDRM

/// A display mode a connector offers: its size, refresh rate and whether the panel prefers
/// it. `info` is libdrm's value, handed back unchanged to the modeset.
public struct Mode: Sendable, Equatable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    /// Vertical refresh in Hz, rounded as the kernel reports it.
    public var refresh: Int
    public var isPreferred: Bool
    public var info: drmModeModeInfo

    public init(_ info: drmModeModeInfo) {
        self.info = info
        width = Int(info.hdisplay)
        height = Int(info.vdisplay)
        refresh = Int(info.vrefresh)
        isPreferred = info.type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0
    }

    /// A mode with no timings, for choosing among sizes in tests and messages.
    public init(width: Int, height: Int, refresh: Int, isPreferred: Bool = false) {
        var info = drmModeModeInfo()
        info.hdisplay = UInt16(clamping: width)
        info.vdisplay = UInt16(clamping: height)
        info.vrefresh = UInt32(clamping: refresh)
        info.type = isPreferred ? UInt32(DRM_MODE_TYPE_PREFERRED) : 0
        self.init(info)
    }

    public var description: String { "\(width)x\(height)@\(refresh)" + (isPreferred ? " (preferred)" : "") }

    public static func == (a: Mode, b: Mode) -> Bool {
        a.width == b.width && a.height == b.height && a.refresh == b.refresh && a.isPreferred == b.isPreferred
            && a.info.clock == b.info.clock && a.info.flags == b.info.flags
    }
}

/// `--mode WxH[@Hz]`: the mode a kiosk asks for.
public struct ModeRequest: Sendable, Hashable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public var refresh: Int?

    public init(width: Int, height: Int, refresh: Int? = nil) {
        self.width = width
        self.height = height
        self.refresh = refresh
    }

    /// Parses "1280x800" or "1280x800@60".
    public init(parsing text: String) throws(DisplayError) {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        let size = parts[0].split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count <= 2, size.count == 2, let width = Int(size[0]), let height = Int(size[1]),
              width > 0, height > 0
        else {
            throw DisplayError("mode '\(text)'", reason: "expected WIDTHxHEIGHT or WIDTHxHEIGHT@HZ, e.g. 1280x800@60")
        }
        var refresh: Int?
        if parts.count == 2 {
            guard let hz = Int(parts[1]), hz > 0 else {
                throw DisplayError("mode '\(text)'", reason: "the refresh rate after '@' must be a positive whole number of Hz")
            }
            refresh = hz
        }
        self.init(width: width, height: height, refresh: refresh)
    }

    public var description: String { "\(width)x\(height)" + (refresh.map { "@\($0)" } ?? "") }

    /// The mode to set: the requested one (at the requested rate, else the fastest of that
    /// size), or without a request the preferred mode, else the largest (fastest among
    /// equals). Throws when the request matches nothing, listing what there is.
    public static func choose(_ request: ModeRequest?, from modes: [Mode], connector: String) throws(DisplayError) -> Mode {
        guard !modes.isEmpty else {
            throw DisplayError("connector \(connector)", reason: "offers no modes")
        }
        func larger(_ a: Mode, _ b: Mode) -> Bool {
            (a.width * a.height, a.refresh) < (b.width * b.height, b.refresh)
        }
        guard let request else {
            return modes.first(where: \.isPreferred) ?? modes.max(by: larger)!
        }
        let sized = modes.filter { $0.width == request.width && $0.height == request.height }
        let matching = request.refresh.map { hz in sized.filter { $0.refresh == hz } } ?? sized
        guard let best = matching.first(where: \.isPreferred) ?? matching.max(by: { $0.refresh < $1.refresh }) else {
            let offered = modes.map { "\($0.width)x\($0.height)@\($0.refresh)" }
            throw DisplayError("mode \(request)", reason: "connector \(connector) does not offer it; it offers "
                               + uniqued(offered).joined(separator: ", "))
        }
        return best
    }
}

/// `items` without repeats, in first-seen order.
private func uniqued(_ items: [String]) -> [String] {
    var seen = Set<String>()
    return items.filter { seen.insert($0).inserted }
}
