import KioskGraphics

/// What `--card`, `--connector`, `--mode`, `--format` and `--rotation` ask of the panel.
public struct DRMOptions: Sendable {
    /// A card node (/dev/dri/card1); nil takes the first with a connected connector.
    public var card: String?
    /// A connector name (HDMI-A-1, DSI-1, Virtual-1); nil takes the first connected.
    public var connector: String?
    public var mode: ModeRequest?
    /// The scanout format; nil takes XRGB8888 if the plane has it, else RGB565.
    public var format: PixelFormat?
    public var rotation: ScreenRotation
    /// The KMS driver the card must have (vc4, imx-lcdif, rockchip), as the kernel names
    /// it; nil takes any. A board with a second card (a Raspberry Pi 5 drives HDMI with vc4
    /// and its DSI panel with drm-rp1-dsi) opens the panel's.
    public var driver: String?
    /// The kernel modules the board's panel needs: named when no card is found.
    public var modules: [String]

    public init(card: String? = nil, connector: String? = nil, mode: ModeRequest? = nil,
                format: PixelFormat? = nil, rotation: ScreenRotation = .none, driver: String? = nil, modules: [String] = []) {
        self.card = card
        self.connector = connector
        self.mode = mode
        self.format = format
        self.rotation = rotation
        self.driver = driver
        self.modules = modules
    }

    /// What the board expects and the kernel lacks, to add to a "no card" message; empty
    /// when the options name no driver or modules.
    public func boardAdvice(missing: [String]) -> String {
        var parts: [String] = []
        if let driver { parts.append("the board's panel needs the \(driver) KMS driver") }
        if !modules.isEmpty {
            parts.append("it expects the kernel modules " + modules.joined(separator: ", ")
                         + (missing.isEmpty ? " (all there)" : " (not loaded: \(missing.joined(separator: ", ")); modprobe them)"))
        }
        return parts.isEmpty ? "" : "; " + parts.joined(separator: "; ")
    }
}

extension DRMDisplay {
    /// Finds the card, connector, mode, CRTC and format `options` describe and opens the
    /// display on them (nothing is shown until the first `present`). Throws a
    /// `.noConnectedConnector` error when cards are there but nothing is plugged in.
    public static func open(_ options: DRMOptions) throws(DisplayError) -> DRMDisplay {
        let advice = options.boardAdvice(missing: KernelModules.missing(options.modules))
        let paths: [String]
        do {
            paths = if let card = options.card { [card] } else { try DRMDevice.cardPaths() }
        } catch {
            throw DisplayError(error.operation, reason: error.reason + advice, kind: error.kind, code: error.code)
        }
        guard !paths.isEmpty else {
            throw DisplayError("/dev/dri", reason: "has no card: no DRM/KMS driver is loaded "
                               + "(load the panel's KMS module), or \(DisplayError.headlessAdvice)" + advice)
        }
        var seen: [String] = []
        var otherDrivers: [String] = []
        var firstError: DisplayError?
        for path in paths {
            let device: DRMDevice
            let connectors: [Connector]
            do {
                device = try DRMDevice(path: path)
                if let driver = options.driver, device.driverName != driver {
                    otherDrivers.append("\(path) (\(device.driverName))")
                    continue
                }
                connectors = try device.connectors()
            } catch {
                // An explicit card's failure is the answer; otherwise try the next card.
                if options.card != nil { throw error }
                firstError = firstError ?? error
                continue
            }
            seen += connectors.map { "\($0.name) (\($0.status.rawValue))" }
            let connector: Connector?
            if let name = options.connector {
                connector = connectors.first { $0.name == name }
                if connector != nil, connector?.isUsable == false {
                    throw DisplayError("connector \(name) on \(path)", reason: "nothing is connected to it",
                                       kind: .noConnectedConnector)
                }
            } else {
                connector = connectors.first(where: \.isUsable)
            }
            guard let connector else { continue }
            let mode = try ModeRequest.choose(options.mode, from: connector.modes, connector: connector.name)
            // Opening a card nobody drives makes us master; otherwise ask, as after a VT switch.
            if !device.isMaster {
                do { try device.takeMaster() } catch { throw DisplayError.notMaster(path) }
            }
            let crtc = try device.crtc(for: connector)
            let format = try chooseFormat(options.format, offered: device.primaryFormats(crtcIndex: crtc.index),
                                          card: path)
            return try DRMDisplay(device: device, connector: connector, mode: mode, crtcID: crtc.id,
                                  format: format, rotation: options.rotation)
        }
        if seen.isEmpty, let firstError { throw firstError }
        if seen.isEmpty, let driver = options.driver {
            throw DisplayError("/dev/dri", reason: "no card is driven by \(driver) (cards: "
                               + otherDrivers.joined(separator: ", ") + ")" + advice)
        }
        if let name = options.connector {
            throw DisplayError("connector \(name)", reason: "no card has it; connectors: "
                               + (seen.isEmpty ? "none" : seen.joined(separator: ", ")))
        }
        throw DisplayError("find a panel", reason: "no connector is connected (\(seen.isEmpty ? "no connectors" : seen.joined(separator: ", "))); "
                           + "plug in the panel, or name one with --connector", kind: .noConnectedConnector)
    }

    /// The requested format if the primary plane scans it out, else XRGB8888, else RGB565.
    /// An empty `offered` (a driver that lists no planes) accepts what was asked.
    static func chooseFormat(_ requested: PixelFormat?, offered: [UInt32], card: String) throws(DisplayError) -> PixelFormat {
        let scanout: [PixelFormat] = [.xrgb8888, .rgb565, .argb8888]
        if let requested {
            guard offered.isEmpty || offered.contains(requested.drmFourCC) else {
                let names = offered.map(fourCCName)
                throw DisplayError("format \(requested)", reason: "\(card)'s primary plane cannot scan it out; it offers "
                                   + names.joined(separator: ", ") + " (try --format XRGB8888 or RGB565)")
            }
            return requested
        }
        if offered.isEmpty { return .xrgb8888 }
        guard let format = scanout.first(where: { offered.contains($0.drmFourCC) }) else {
            throw DisplayError(card, reason: "its primary plane offers none of XRGB8888, RGB565, ARGB8888 (it offers "
                               + offered.map(fourCCName).joined(separator: ", ") + ")")
        }
        return format
    }
}

/// A fourcc code as its four characters ("XR24").
public func fourCCName(_ code: UInt32) -> String {
    String(decoding: (0..<4).map { UInt8(truncatingIfNeeded: code >> ($0 * 8)) }, as: UTF8.self)
}
