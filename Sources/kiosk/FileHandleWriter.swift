import Foundation

/// Writes text to stderr unbuffered.
enum FileHandleWriter {
    static func write(_ string: String) {
        FileHandle.standardError.write(Data(string.utf8))
    }
}
