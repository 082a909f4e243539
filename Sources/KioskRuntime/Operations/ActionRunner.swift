import CKioskShim
import KioskCore
#if canImport(Glibc)
import Glibc
import KioskScreenFiles
#endif

/// Runs buttons' `exec` programs for the run loop: spawned without a shell (posix_spawn),
/// never waited for, so the UI goes on drawing while they run. Each child gets
/// `KIOSK_BUTTON` and `KIOSK_SCREEN`, its own process group (a timeout ends what it
/// started too), stdin from /dev/null, and pipes for stdout and stderr whose lines go to
/// `report`. A child that outlives `timeout` gets SIGTERM, and SIGKILL `killGrace` later.
/// Its exit arrives on a pidfd the run loop polls, so every child is reaped as it ends.
public final class ActionRunner: RunLoopSource {
    /// How long a program may run before it is terminated, µs.
    public var timeout: Int64
    /// From SIGTERM to SIGKILL, µs.
    public var killGrace: Int64
    /// Receives one line per event: output lines, failures, exits.
    public var report: (String) -> Void
    /// At most this many bytes of a child's output are logged; the rest is read and dropped.
    public var outputLimit = 64 * 1024
    private let clock: any Clock

    private final class Child {
        let request: ExecRequest
        let pid: pid_t
        let pidfd: Int32
        var pipes: [(fd: Int32, name: String, pending: [UInt8])]
        /// When the next signal is due; nil once SIGKILL went.
        var deadline: Int64?
        var terminated = false
        var logged = 0

        init(request: ExecRequest, pid: pid_t, pidfd: Int32, pipes: [(fd: Int32, name: String, pending: [UInt8])], deadline: Int64?) {
            self.request = request
            self.pid = pid
            self.pidfd = pidfd
            self.pipes = pipes
            self.deadline = deadline
        }

        var name: String { "action \(request.button) (\(request.arguments[0]), pid \(pid))" }
    }

    private var children: [Child] = []

    /// `clock` is the run loop's (CLOCK_MONOTONIC); a test's moves only when told, so a
    /// timeout passes without waiting for it.
    public init(timeout: Int64 = 30_000_000, killGrace: Int64 = 2_000_000, clock: any Clock = MonotonicClock(),
                report: @escaping (String) -> Void) {
        self.timeout = timeout
        self.killGrace = killGrace
        self.clock = clock
        self.report = report
    }

    deinit {
        for child in children { closeAll(child) }
    }

    /// The programs still running (or not yet reaped).
    public var runningCount: Int { children.count }

    /// Starts `request`'s program and returns at once; a failure to start is reported.
    public func start(_ request: ExecRequest) {
        guard let program = request.arguments.first else { return }
        var out: [Int32] = [-1, -1]
        var err: [Int32] = [-1, -1]
        guard kiosk_pipe_cloexec(&out) == 0 else { return fail(request, "cannot create a pipe", errno) }
        guard kiosk_pipe_cloexec(&err) == 0 else {
            let code = errno
            close(out[0]); close(out[1])
            return fail(request, "cannot create a pipe", code)
        }
        defer { close(out[1]); close(err[1]) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, out[1], 1)
        posix_spawn_file_actions_adddup2(&actions, err[1], 2)
        // The program gets its three streams and nothing else of the kiosk's: not the
        // display, the input devices or the control socket's clients, whatever their flags.
        kiosk_spawn_close_from(&actions, 3)

        // The run loop blocks its signals to read them from a signalfd; the child must not
        // inherit that (it could then never be terminated by SIGTERM).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))

        let argv = request.arguments.map { strdup($0) } + [nil]
        let env = environment(for: request).map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            env.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, program, &actions, &attributes, argv, env)
        guard result == 0 else {
            close(out[0]); close(err[0])
            return fail(request, "cannot run \(program)", result)
        }
        for fd in [out[0], err[0]] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        let pidfd = pidfd_open(pid, 0)
        if pidfd < 0 { report("action \(request.button): no pidfd for pid \(pid) (\(String(cString: strerror(errno)))); polling its exit") }
        children.append(Child(request: request, pid: pid, pidfd: pidfd,
                              pipes: [(out[0], "stdout", []), (err[0], "stderr", [])],
                              deadline: clock.now() + timeout))
    }

    private func environment(for request: ExecRequest) -> [String] {
        var result: [String] = []
        var index = 0
        while let entry = environ[index] {
            let text = String(cString: entry)
            if !text.hasPrefix("KIOSK_BUTTON="), !text.hasPrefix("KIOSK_SCREEN=") { result.append(text) }
            index += 1
        }
        return result + ["KIOSK_BUTTON=\(request.button)", "KIOSK_SCREEN=\(request.screen)"]
    }

    private func fail(_ request: ExecRequest, _ what: String, _ code: Int32) {
        report("action \(request.button): \(what): \(String(cString: strerror(code)))")
    }

    // MARK: RunLoopSource

    public var pollDescriptors: [pollfd] {
        children.flatMap { child in
            child.pipes.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
                + (child.pidfd >= 0 ? [pollfd(fd: child.pidfd, events: Int16(POLLIN), revents: 0)] : [])
        }
    }

    public func handle(_ ready: [pollfd]) {
        let fds = Set(ready.map(\.fd))
        for child in children {
            for index in child.pipes.indices where fds.contains(child.pipes[index].fd) { drain(child, index) }
        }
        for child in children where child.pidfd >= 0 && fds.contains(child.pidfd) { reapIfExited(child) }
    }

    /// Children without a pidfd are checked every 100 ms.
    public var nextDeadline: Int64? {
        let poll = clock.now() + 100_000
        return children.compactMap { $0.pidfd >= 0 ? $0.deadline : min($0.deadline ?? poll, poll) }.min()
    }

    public func advance(to now: Int64) {
        for child in children where child.pidfd < 0 { reapIfExited(child) }
        for child in children {
            guard let deadline = child.deadline, deadline <= now else { continue }
            if child.terminated {
                report("\(child.name): still running \(killGrace / 1000) ms after SIGTERM; sending SIGKILL")
                kill(-child.pid, SIGKILL)
                child.deadline = nil
            } else {
                report("\(child.name): timed out after \(timeout / 1000) ms; sending SIGTERM")
                kill(-child.pid, SIGTERM)
                child.terminated = true
                child.deadline = now + killGrace
            }
        }
    }

    // MARK: Output and exit

    /// Reads what the pipe holds and reports whole lines; EOF closes it.
    private func drain(_ child: Child, _ index: Int) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while child.pipes[index].fd >= 0 {
            let n = read(child.pipes[index].fd, &buffer, buffer.count)
            if n > 0 {
                child.pipes[index].pending += buffer[0..<n]
                emitLines(child, index, final: false)
            } else if n == 0 || (errno != EAGAIN && errno != EINTR) {
                emitLines(child, index, final: true)
                close(child.pipes[index].fd)
                child.pipes[index].fd = -1
            } else if errno == EAGAIN {
                return
            }
        }
    }

    private func emitLines(_ child: Child, _ index: Int, final: Bool) {
        let name = child.pipes[index].name
        while true {
            var pending = child.pipes[index].pending
            guard !pending.isEmpty else { return }
            let end = pending.firstIndex(of: 10) ?? (final || pending.count >= 4096 ? pending.count : nil)
            guard let end else { return }
            let line = String(decoding: pending[0..<end], as: UTF8.self)
            pending.removeFirst(min(end + 1, pending.count))
            child.pipes[index].pending = pending
            if child.logged < outputLimit {
                report("\(child.name) \(name): \(line)")
                child.logged += line.utf8.count + 1
                if child.logged >= outputLimit { report("\(child.name): more output than \(outputLimit) bytes; the rest is not logged") }
            }
        }
    }

    private func reapIfExited(_ child: Child) {
        var status: Int32 = 0
        let result = waitpid(child.pid, &status, WNOHANG)
        guard result == child.pid || (result < 0 && errno == ECHILD) else { return }
        for index in child.pipes.indices where child.pipes[index].fd >= 0 { drain(child, index) }
        if result < 0 {
            report("\(child.name): reaped elsewhere; exit status unknown")
        } else if status & 0x7f == 0 {
            let code = (status >> 8) & 0xff
            report(code == 0 ? "\(child.name): exited with status 0" : "\(child.name): failed: exit status \(code)")
        } else {
            let signal = status & 0x7f
            report("\(child.name): failed: killed by signal \(signal) (\(String(cString: strsignal(signal))))")
        }
        closeAll(child)
        children.removeAll { $0 === child }
    }

    private func closeAll(_ child: Child) {
        for index in child.pipes.indices where child.pipes[index].fd >= 0 {
            close(child.pipes[index].fd)
            child.pipes[index].fd = -1
        }
        if child.pidfd >= 0 { close(child.pidfd) }
    }
}
