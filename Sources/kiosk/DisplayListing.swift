import KioskDisplay

/// The display half of `kiosk devices`: every card with its driver and connectors (status,
/// size, modes, and the formats the primary plane scans out). Errors become lines that say
/// what to do, so the input half still gets listed.
func displayListing() -> [String] {
    let paths: [String]
    do {
        paths = try DRMDevice.cardPaths()
    } catch {
        return ["Display cards: none — " + forListing(error)]
    }
    var lines = ["Display cards:"]
    if paths.isEmpty { lines.append("  none in /dev/dri (is a KMS driver loaded?)") }
    for path in paths {
        do {
            let device = try DRMDevice(path: path)
            let connectors = try device.connectors()
            lines.append("  \(path)  driver \(device.driverName)\(device.isMaster ? "" : "  (not DRM master: another process drives it)")")
            for connector in connectors {
                var line = "    \(connector.name)  \(connector.status.rawValue)"
                if connector.widthMillimetres > 0 {
                    line += "  \(connector.widthMillimetres)x\(connector.heightMillimetres) mm"
                }
                lines.append(line)
                guard connector.status == .connected else { continue }
                lines.append("      modes: " + connector.modes.map(\.description).joined(separator: ", "))
                if let crtc = try? device.crtc(for: connector) {
                    let formats = device.primaryFormats(crtcIndex: crtc.index).map(fourCCName)
                    lines.append("      formats: " + (formats.isEmpty ? "unknown" : formats.joined(separator: " ")))
                }
            }
        } catch {
            lines.append("  \(path)  " + forListing(error))
        }
    }
    return lines
}

/// A display error as `kiosk devices` says it: its advice names `kiosk run`, which has the flag.
private func forListing(_ error: any Error) -> String {
    "\(error)".replacing(DisplayError.headlessAdvice, with: "run `kiosk run --display headless`")
}
