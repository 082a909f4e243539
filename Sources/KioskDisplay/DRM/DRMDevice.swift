import CDRM
import KioskGraphics
#if canImport(Glibc)
import Glibc
#endif

/// An open DRM card (/dev/dri/cardN): its connectors, CRTCs and planes, master status, and
/// the modeset and page-flip calls. Closes the card when released.
public final class DRMDevice: DRMCard {
    public let path: String
    public let fileDescriptor: Int32
    /// Flips completed while reading events, until `completedFlips` hands them over.
    private var flipTimes: [Microseconds] = []

    /// Opens `path` read-write; the errors say which group grants access or what to load.
    public init(path: String) throws(DisplayError) {
        self.path = path
        let fd = open(path, O_RDWR | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw DisplayError.errno("open \(path)", code: errno) }
        fileDescriptor = fd
        var capability: UInt64 = 0
        guard drmGetCap(fd, UInt64(DRM_CAP_DUMB_BUFFER), &capability) == 0, capability != 0 else {
            close(fd)
            throw DisplayError(path, reason: "the driver has no dumb buffers (is this a render-only node?)")
        }
        // Lets plane queries see the primary plane, whose formats are what scanout supports.
        _ = drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_UNIVERSAL_PLANES), 1)
    }

    deinit { close(fileDescriptor) }

    /// The cards present, in name order (card0, card1, …). Throws when there is no
    /// /dev/dri at all.
    public static func cardPaths(in directory: String = "/dev/dri") throws(DisplayError) -> [String] {
        guard let dir = opendir(directory) else {
            let code = errno
            if code == ENOENT {
                throw DisplayError(directory, reason: "does not exist: no DRM/KMS driver is loaded (load the panel's "
                                   + "KMS module, e.g. modprobe bochs in QEMU), or \(DisplayError.headlessAdvice)")
            }
            throw DisplayError.errno("open \(directory)", code: code)
        }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            if name.hasPrefix("card"), Int(name.dropFirst(4)) != nil { names.append(name) }
        }
        return names.sorted { Int($0.dropFirst(4))! < Int($1.dropFirst(4))! }.map { "\(directory)/\($0)" }
    }

    // MARK: Probing

    /// The driver's name ("bochs-drm", "vc4"), or "unknown".
    public var driverName: String {
        guard let version = drmGetVersion(fileDescriptor) else { return "unknown" }
        defer { drmFreeVersion(version) }
        return version.pointee.name.map { String(cString: $0) } ?? "unknown"
    }

    private struct Resources {
        var connectors: [UInt32]
        var crtcs: [UInt32]
    }

    private func resources() throws(DisplayError) -> Resources {
        guard let r = drmModeGetResources(fileDescriptor) else {
            throw DisplayError.errno("read the mode resources of \(path) (is it a KMS card?)", code: errno)
        }
        defer { drmModeFreeResources(r) }
        return Resources(connectors: (0..<Int(r.pointee.count_connectors)).map { r.pointee.connectors[$0] },
                         crtcs: (0..<Int(r.pointee.count_crtcs)).map { r.pointee.crtcs[$0] })
    }

    /// Every connector, probed now (this asks the hardware, so it can take a moment).
    public func connectors() throws(DisplayError) -> [Connector] {
        var result: [Connector] = []
        for id in try resources().connectors {
            guard let c = drmModeGetConnector(fileDescriptor, id) else { continue }
            result.append(Connector(c.pointee))
            drmModeFreeConnector(c)
        }
        return result
    }

    /// One connector, probed now; nil if the card no longer has it.
    public func connector(id: UInt32) -> Connector? {
        guard let c = drmModeGetConnector(fileDescriptor, id) else { return nil }
        defer { drmModeFreeConnector(c) }
        return Connector(c.pointee)
    }

    /// A CRTC that can drive `connector`: the one it is on now if any, else the first free
    /// one an encoder of it can use. Returns the CRTC's id and its index (plane masks use it).
    public func crtc(for connector: Connector) throws(DisplayError) -> (id: UInt32, index: Int) {
        let crtcs = try resources().crtcs
        var candidates: [UInt32] = []
        if connector.currentEncoderID != 0 { candidates.append(connector.currentEncoderID) }
        candidates += connector.encoderIDs.filter { $0 != connector.currentEncoderID }
        for encoderID in candidates {
            guard let encoder = drmModeGetEncoder(fileDescriptor, encoderID) else { continue }
            defer { drmModeFreeEncoder(encoder) }
            if encoderID == connector.currentEncoderID, encoder.pointee.crtc_id != 0,
               let index = crtcs.firstIndex(of: encoder.pointee.crtc_id) {
                return (encoder.pointee.crtc_id, index)
            }
            for (index, id) in crtcs.enumerated() where encoder.pointee.possible_crtcs & (1 << UInt32(index)) != 0 {
                return (id, index)
            }
        }
        throw DisplayError("connector \(connector.name)", reason: "no encoder of it can reach a CRTC")
    }

    /// The formats the primary plane of the CRTC at `crtcIndex` scans out, as fourcc codes.
    public func primaryFormats(crtcIndex: Int) -> [UInt32] {
        guard let planes = drmModeGetPlaneResources(fileDescriptor) else { return [] }
        defer { drmModeFreePlaneResources(planes) }
        for i in 0..<Int(planes.pointee.count_planes) {
            guard let plane = drmModeGetPlane(fileDescriptor, planes.pointee.planes[i]) else { continue }
            defer { drmModeFreePlane(plane) }
            guard plane.pointee.possible_crtcs & (1 << UInt32(crtcIndex)) != 0,
                  property("type", of: plane.pointee.plane_id, type: UInt32(DRM_MODE_OBJECT_PLANE))?.value
                      == UInt64(DRM_PLANE_TYPE_PRIMARY) else { continue }
            return (0..<Int(plane.pointee.count_formats)).map { plane.pointee.formats[$0] }
        }
        return []
    }

    /// The property `name` of a KMS object (a plane, a connector): its id and value.
    private func property(_ name: String, of objectID: UInt32, type: UInt32) -> (id: UInt32, value: UInt64)? {
        guard let props = drmModeObjectGetProperties(fileDescriptor, objectID, type) else { return nil }
        defer { drmModeFreeObjectProperties(props) }
        for i in 0..<Int(props.pointee.count_props) {
            guard let prop = drmModeGetProperty(fileDescriptor, props.pointee.props[i]) else { continue }
            defer { drmModeFreeProperty(prop) }
            let found = withUnsafeBytes(of: prop.pointee.name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            if found == name { return (prop.pointee.prop_id, props.pointee.prop_values[i]) }
        }
        return nil
    }

    // MARK: Master

    /// Whether this process may modeset (it is DRM master).
    public var isMaster: Bool { drmIsMaster(fileDescriptor) != 0 }

    public func dropMaster() throws(DisplayError) {
        try retryingEINTR("drop DRM master on \(path)", as: DisplayError.self) { drmDropMaster(fileDescriptor) }
    }

    public func takeMaster() throws(DisplayError) {
        try retryingEINTR("become DRM master on \(path)", as: DisplayError.self) { drmSetMaster(fileDescriptor) }
    }

    // MARK: CRTC

    public func crtcState(_ crtcID: UInt32) -> CRTCState? {
        guard let c = drmModeGetCrtc(fileDescriptor, crtcID) else { return nil }
        defer { drmModeFreeCrtc(c) }
        return CRTCState(crtcID: crtcID, framebufferID: c.pointee.buffer_id, x: c.pointee.x, y: c.pointee.y,
                         mode: c.pointee.mode_valid != 0 ? c.pointee.mode : nil)
    }

    public func setCRTC(_ crtcID: UInt32, framebufferID: UInt32, x: UInt32, y: UInt32,
                        connectorID: UInt32, mode: drmModeModeInfo?) throws(DisplayError) {
        var connector = connectorID
        var info = mode ?? drmModeModeInfo()
        try retryingEINTR("modeset CRTC \(crtcID) on \(path)", as: DisplayError.self) {
            if framebufferID == 0 || mode == nil {
                return drmModeSetCrtc(fileDescriptor, crtcID, 0, 0, 0, nil, 0, nil)
            }
            return drmModeSetCrtc(fileDescriptor, crtcID, framebufferID, x, y, &connector, 1, &info)
        }
    }

    /// The flip's event carries this device, so `completedFlips` can note it.
    public func pageFlip(_ crtcID: UInt32, framebufferID: UInt32) throws(DisplayError) {
        let device = Unmanaged.passUnretained(self).toOpaque()
        try retryingEINTR("page flip on CRTC \(crtcID)", as: DisplayError.self) {
            drmModePageFlip(fileDescriptor, crtcID, framebufferID, UInt32(DRM_MODE_PAGE_FLIP_EVENT), device)
        }
    }

    public func completedFlips() -> [Microseconds] {
        var context = drmEventContext()
        context.version = 2
        context.page_flip_handler = { _, _, seconds, microseconds, data in
            guard let data else { return }
            let device = Unmanaged<DRMDevice>.fromOpaque(data).takeUnretainedValue()
            device.flipTimes.append(Microseconds(seconds) * 1_000_000 + Microseconds(microseconds))
        }
        _ = drmHandleEvent(fileDescriptor, &context)
        defer { flipTimes.removeAll() }
        return flipTimes
    }

    public func makeScanoutBuffer(width: Int, height: Int, format: PixelFormat) throws(DisplayError) -> any ScanoutBuffer {
        try Framebuffer(DumbBuffer(device: self, width: width, height: height, format: format))
    }

    public func setDPMS(connectorID: UInt32, off: Bool) -> Bool {
        guard let dpms = property("DPMS", of: connectorID, type: UInt32(DRM_MODE_OBJECT_CONNECTOR)) else { return false }
        let value = UInt64(off ? DRM_MODE_DPMS_OFF : DRM_MODE_DPMS_ON)
        return drmModeConnectorSetProperty(fileDescriptor, connectorID, dpms.id, value) == 0
    }
}
