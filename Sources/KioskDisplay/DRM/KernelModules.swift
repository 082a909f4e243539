#if canImport(Glibc)
import Glibc
#endif

/// Which of the kernel modules a board profile expects the running kernel lacks: a module
/// is there when it is loaded (/sys/module/NAME) or built into the kernel (listed in
/// modules.builtin). A board whose panel stays dark then says which module to load.
public enum KernelModules {
    /// `names` that are neither loaded nor built in, in their order. Module names take `-`
    /// and `_` alike, as modprobe does.
    public static func missing(_ names: [String], sysModule: String = "/sys/module",
                               builtinList: String? = defaultBuiltinList()) -> [String] {
        let builtin = builtinList.map(builtinNames) ?? []
        return names.filter { name in
            let canonical = canonicalName(name)
            return access("\(sysModule)/\(canonical)", F_OK) != 0 && !builtin.contains(canonical)
        }
    }

    /// /lib/modules/RELEASE/modules.builtin of the running kernel.
    public static func defaultBuiltinList() -> String? {
        var names = utsname()
        guard uname(&names) == 0 else { return nil }
        let release = withUnsafeBytes(of: names.release) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
        return "/lib/modules/\(release)/modules.builtin"
    }

    static func canonicalName(_ name: String) -> String {
        String(name.map { $0 == "-" ? "_" : $0 })
    }

    /// The module names in a modules.builtin file (one kernel/…/NAME.ko a line).
    static func builtinNames(_ path: String) -> Set<String> {
        guard let file = fopen(path, "r") else { return [] }
        defer { fclose(file) }
        var names: Set<String> = []
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, file) > 0, let line {
            let file = String(cString: line).split(whereSeparator: { $0 == "/" || $0 == "\n" }).last ?? ""
            if file.hasSuffix(".ko") { names.insert(canonicalName(String(file.dropLast(3)))) }
        }
        return names
    }
}
