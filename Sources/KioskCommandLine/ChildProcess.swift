import Glibc
import KioskCore

/// This executable run again with other arguments, to its end: `previews` draws each preview
/// in a process of its own, so that one that crashes is reported and the rest still drawn.
/// It shares this process's streams and environment.
enum ChildProcess {
    /// How a run ended.
    enum Status: Equatable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)

        var description: String {
            switch self {
            case .exited(let code): "exit status \(code)"
            case .signalled(let signal): "crashed, signal \(signal)" + (strsignal(signal).map { " (\(String(cString: $0)))" } ?? "")
            }
        }
    }

    /// Runs this executable (`/proc/self/exe`, whatever its name on the command line) with
    /// `arguments` after its name and waits for it.
    static func runSelf(_ arguments: [String]) throws -> Status {
        let argv = ([CommandLine.arguments[0]] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, "/proc/self/exe", nil, nil, argv, environ)
        guard result == 0 else { throw SystemError("cannot run /proc/self/exe", errno: Errno(rawValue: result)) }
        var status: Int32 = 0
        try retryingEINTR("waitpid \(pid)") { waitpid(pid, &status, 0) }
        // WIFEXITED and friends are macros Swift cannot call: the low 7 bits are the signal
        // that ended the child, 0 when it exited; the exit status is the next byte.
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }
}
