import CDRM

/// A display output of a card (an HDMI port, a DSI panel, QEMU's Virtual-1) as probed.
public struct Connector: Sendable, Equatable {
    public enum Status: String, Sendable {
        case connected, disconnected, unknown
    }

    public var id: UInt32
    /// The kernel's name: type and index, as in /sys/class/drm ("HDMI-A-1", "Virtual-1").
    public var name: String
    public var status: Status
    public var modes: [Mode]
    /// The encoders that can drive it, and the one that does now (0 for none).
    public var encoderIDs: [UInt32]
    public var currentEncoderID: UInt32
    public var widthMillimetres: Int
    public var heightMillimetres: Int

    public init(id: UInt32, name: String, status: Status, modes: [Mode], encoderIDs: [UInt32] = [],
                currentEncoderID: UInt32 = 0, widthMillimetres: Int = 0, heightMillimetres: Int = 0) {
        self.id = id
        self.name = name
        self.status = status
        self.modes = modes
        self.encoderIDs = encoderIDs
        self.currentEncoderID = currentEncoderID
        self.widthMillimetres = widthMillimetres
        self.heightMillimetres = heightMillimetres
    }

    init(_ c: drmModeConnector) {
        id = c.connector_id
        let type = drmModeGetConnectorTypeName(c.connector_type).map { String(cString: $0) } ?? "Unknown"
        name = "\(type)-\(c.connector_type_id)"
        status = switch c.connection {
        case DRM_MODE_CONNECTED: .connected
        case DRM_MODE_DISCONNECTED: .disconnected
        default: .unknown
        }
        modes = (0..<Int(c.count_modes)).map { Mode(c.modes[$0]) }
        encoderIDs = (0..<Int(c.count_encoders)).map { c.encoders[$0] }
        currentEncoderID = c.encoder_id
        widthMillimetres = Int(c.mmWidth)
        heightMillimetres = Int(c.mmHeight)
    }

    /// Only a connected connector with modes can show anything.
    public var isUsable: Bool { status == .connected && !modes.isEmpty }
}
