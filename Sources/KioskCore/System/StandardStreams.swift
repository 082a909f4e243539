import Glibc

/// Unbuffered writes to standard output and error, as FileHandle.standardOutput/.standardError
/// make them (FileHandle is full Foundation's, which the kiosk does not link).
public enum StandardStream {
    case output, error

    /// Writes all of `text`, retrying short writes and EINTR; a closed stream drops it.
    public func write(_ text: String) {
        let fd = self == .output ? STDOUT_FILENO : STDERR_FILENO
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }
}

extension String {
    /// `format` filled in by C's printf rules (`"%.2f"`), in the C locale: Foundation's
    /// `String(format:)` is full Foundation's.
    public init(cFormat format: String, _ arguments: any CVarArg...) {
        let length = Int(withVaList(arguments) { vsnprintf(nil, 0, format, $0) })
        guard length > 0 else {
            self = ""
            return
        }
        var buffer = [CChar](repeating: 0, count: length + 1)
        _ = withVaList(arguments) { vsnprintf(&buffer, buffer.count, format, $0) }
        self = String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
