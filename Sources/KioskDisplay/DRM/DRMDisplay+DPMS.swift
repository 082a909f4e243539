import CDRM

extension DRMDisplay {
    /// Blanks the panel through the connector's DPMS property (off: 3, on: 0), which the
    /// driver turns into disabling and re-enabling the CRTC and the panel's power; false
    /// when the connector has no DPMS property or the driver refuses. While it is off no
    /// frame should be presented (a flip on a disabled CRTC fails).
    public func setPowerSaving(_ off: Bool) -> Bool {
        let fd = device.fileDescriptor
        guard let props = drmModeObjectGetProperties(fd, connector.id, UInt32(DRM_MODE_OBJECT_CONNECTOR)) else { return false }
        defer { drmModeFreeObjectProperties(props) }
        for i in 0..<Int(props.pointee.count_props) {
            guard let prop = drmModeGetProperty(fd, props.pointee.props[i]) else { continue }
            defer { drmModeFreeProperty(prop) }
            let name = withUnsafeBytes(of: prop.pointee.name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            guard name == "DPMS" else { continue }
            let value = UInt64(off ? DRM_MODE_DPMS_OFF : DRM_MODE_DPMS_ON)
            return drmModeConnectorSetProperty(fd, connector.id, prop.pointee.prop_id, value) == 0
        }
        return false
    }
}
