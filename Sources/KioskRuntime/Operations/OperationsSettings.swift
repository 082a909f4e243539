import KioskViews

extension KioskOperations {
    /// What the operations of a running kiosk are set to: the control socket, the frame
    /// grab, button actions' timeout, speech and the screen reader. `kiosk run`'s and a
    /// `KioskApp`'s operations flags give them.
    public struct Settings: Equatable, Sendable {
        /// The control socket given explicitly (nil: the default path, where a socket that
        /// cannot be created is reported and the kiosk runs without one).
        public var control: String?
        /// No control socket at all.
        public var noControl: Bool
        /// The only directory the socket's `snapshot` writes into (nil: the socket's own).
        public var snapshotDirectoryPath: String?
        /// Where SIGUSR1 writes the current frame as PNG.
        public var frameGrab: String
        /// How long a button's program may run before it is terminated.
        public var actionTimeout: Microseconds
        public var speech: SpeechTarget?
        /// How touches reach the UI at start (nil: standard).
        public var accessibility: AccessibilityMode?

        /// Where speech goes: an ALSA device or a WAV file.
        public enum SpeechTarget: Hashable, Sendable {
            case alsa(device: String)
            case file(String)
        }

        public static let defaultControlPath = "/run/kiosk/control.sock"

        public init(control: String? = nil, noControl: Bool = false, snapshotDirectoryPath: String? = nil,
                    frameGrab: String = "/tmp/kiosk-frame.png", actionTimeout: Microseconds = 30_000_000,
                    speech: SpeechTarget? = nil, accessibility: AccessibilityMode? = nil) {
            self.control = control
            self.noControl = noControl
            self.snapshotDirectoryPath = snapshotDirectoryPath
            self.frameGrab = frameGrab
            self.actionTimeout = actionTimeout
            self.speech = speech
            self.accessibility = accessibility
        }

        /// The socket's path: the one given, else the default.
        public var controlPath: String { control ?? Self.defaultControlPath }

        /// Where `snapshot` may write: the directory given, else the control socket's.
        public var snapshotDirectory: SnapshotDirectory {
            snapshotDirectoryPath.map(SnapshotDirectory.init(path:)) ?? SnapshotDirectory(socketPath: controlPath)
        }
    }
}
