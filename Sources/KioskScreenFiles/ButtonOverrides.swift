import Observation

/// What the control socket changed on a screen file's buttons: a new title, disabled,
/// hidden. The file's buttons read it while the host resolves them, so a change redraws
/// just as a model change does in a Swift kiosk.
@Observable
public final class ButtonOverrides {
    public private(set) var titles: [String: [ScreenFile.TitleRun]] = [:]
    public private(set) var disabled: [String: Bool] = [:]
    public private(set) var hidden: [String: Bool] = [:]

    public init() {}

    public func setTitle(_ runs: [ScreenFile.TitleRun], for button: String) { titles[button] = runs }
    public func setDisabled(_ value: Bool, for button: String) { disabled[button] = value }
    public func setHidden(_ value: Bool, for button: String) { hidden[button] = value }
}

/// A button's `exec`, with where it was pressed (`KIOSK_BUTTON`, `KIOSK_SCREEN` in the
/// program's environment).
public struct ExecRequest: Equatable, Sendable {
    public var arguments: [String]
    public var button: String
    public var screen: String

    public init(arguments: [String], button: String, screen: String) {
        self.arguments = arguments
        self.button = button
        self.screen = screen
    }
}
