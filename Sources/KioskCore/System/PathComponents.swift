/// NSString's path operations on plain strings (NSString is full Foundation's, which the
/// kiosk does not link): the same answers for the relative and absolute paths the kiosk
/// handles.
public enum PathComponents {
    /// "/a/b" → "/a", "/a" → "/", "a" → "", "a/b/" → "a" (NSString's deletingLastPathComponent).
    public static func directory(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        let directory = withoutTrailingSlashes(String(trimmed[..<slash]))
        return directory.isEmpty ? "/" : directory
    }

    /// "/a/b.toml" → "b.toml" (NSString's lastPathComponent).
    public static func lastComponent(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard trimmed != "/" else { return "/" }
        return trimmed.lastIndex(of: "/").map { String(trimmed[trimmed.index(after: $0)...]) } ?? trimmed
    }

    /// "b.toml" → "b", ".hidden" → ".hidden" (NSString's deletingPathExtension of a last component).
    public static func deletingExtension(of name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex, !name[dot...].contains("/") else { return name }
        return String(name[..<dot])
    }

    private static func withoutTrailingSlashes(_ path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        return String(path)
    }
}
