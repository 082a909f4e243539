/// What went wrong finding fonts or setting text; each case names the file, value or byte
/// at fault.
public enum TextError: Error, Equatable, CustomStringConvertible {
    case fontFileMissing(path: String)
    case unreadableFont(path: String, reason: String)
    case fontsNotFound(file: String, searched: [String])
    case fontDirectoryMissing(path: String)
    case unknownFamily(String)
    case invalidSize(Double)
    case invalidUTF8(byteOffset: Int)
    case freeTypeFailed(String)

    public var description: String {
        switch self {
        case .fontFileMissing(let path): "font file \(path) does not exist"
        case .unreadableFont(let path, let reason): "font file \(path) is not a usable font: \(reason)"
        case .fontsNotFound(let file, let searched):
            "font file \(file) not found in \(searched.joined(separator: ", ")) (bundled in fonts/, or install fonts-dejavu-core)"
        case .fontDirectoryMissing(let path):
            "font directory \(path) does not exist (it comes from KIOSK_FONTS or a board profile's font_dir)"
        case .unknownFamily(let family): "no font family \"\(family)\" is registered"
        case .invalidSize(let size): "font size \(size) is outside 0 < size <= \(FontLibrary.maximumSize) px"
        case .invalidUTF8(let offset): "text is not valid UTF-8 at byte \(offset)"
        case .freeTypeFailed(let what): "FreeType failed: \(what)"
        }
    }
}
