import Foundation
import KioskCore
import KioskDisplay
import KioskGestures
import KioskGraphics
import KioskInput
import KioskRuntime
import KioskScreenFiles
import KioskViews
import Testing
#if canImport(Glibc)
import Glibc
#endif

@MainActor
@Suite("Button actions", .serialized)
struct ActionRunnerTests {
    final class Log: @unchecked Sendable {
        var lines: [String] = []
        func callAsFunction(_ line: String) { lines.append(line) }
    }

    /// The runner's log of `arguments` run to their end; the time stands still meanwhile.
    func run(_ arguments: [String]) -> [String] {
        let log = Log()
        let clock = ManualClock()
        let runner = ActionRunner(timeout: 5_000_000, killGrace: 300_000, clock: clock) { log($0) }
        runner.start(ExecRequest(arguments: arguments, button: "b1", screen: "main"))
        pump(runner, now: clock.now) { runner.runningCount == 0 }
        #expect(runner.runningCount == 0, "the child was not reaped")
        return log.lines
    }

    /// The log of `arguments` run past their timeout once `ready` says they run (and past
    /// the kill's grace too when `ignoresTerm`), on a clock moved by hand.
    func runPastTimeout(_ arguments: [String], ignoresTerm: Bool = false,
                        ready: @escaping ([String]) -> Bool = { _ in true }) -> [String] {
        let log = Log()
        let clock = ManualClock()
        let runner = ActionRunner(timeout: 200_000, killGrace: 300_000, clock: clock) { log($0) }
        runner.start(ExecRequest(arguments: arguments, button: "b1", screen: "main"))
        pump(runner, now: clock.now) { ready(log.lines) }
        clock.advance(by: 200_000)
        runner.advance(to: clock.now())
        if ignoresTerm { clock.advance(by: 300_000) }
        pump(runner, now: clock.now) { runner.runningCount == 0 }
        return log.lines
    }

    @Test("A program runs without a shell, with the button and screen in its environment, its output logged")
    func runs() {
        let lines = run(["/bin/sh", "-c", "echo \"$KIOSK_BUTTON on $KIOSK_SCREEN\"; echo 'to stderr' >&2", "$HOME"])
        #expect(lines.contains { $0.hasSuffix("stdout: b1 on main") }, "\(lines)")
        #expect(lines.contains { $0.hasSuffix("stderr: to stderr") }, "\(lines)")
        #expect(lines.last?.hasSuffix("exited with status 0") == true, "\(lines)")
    }

    @Test("A program gets its three streams and no other descriptor of the kiosk's, even one not marked close-on-exec")
    func noInheritedDescriptors() throws {
        let open = Glibc.open("/dev/null", O_RDONLY)
        try #require(open > 2)
        defer { close(open) }
        let lines = run(["/bin/sh", "-c", "[ -e /proc/$$/fd/\(open) ] && echo inherited || echo closed; echo $(ls /proc/self/fd)"])
        #expect(lines.contains { $0.hasSuffix("stdout: closed") }, "\(lines)")
        // The streams, and the descriptor `ls` reads the directory with.
        #expect(lines.contains { $0.hasSuffix("stdout: 0 1 2 3") }, "\(lines)")
    }

    @Test("Arguments arrive as given: no shell expands them")
    func arguments() {
        let lines = run(["/bin/echo", "a  b", "$HOME", "*"])
        #expect(lines.contains { $0.hasSuffix("stdout: a  b $HOME *") }, "\(lines)")
    }

    @Test("A failing program is logged with its exit status")
    func failure() {
        let lines = run(["/bin/sh", "-c", "exit 3"])
        #expect(lines.last?.hasSuffix("failed: exit status 3") == true, "\(lines)")
    }

    @Test("A missing program is logged and leaves nothing running")
    func missing() {
        let lines = run(["/nonexistent/program"])
        #expect(lines.count == 1 && lines[0].contains("cannot run /nonexistent/program: No such file or directory"), "\(lines)")
    }

    @Test("A program past its timeout gets SIGTERM, one that ignores it SIGKILL")
    func timeout() {
        // Killed by the signal, so it never ran its ten seconds.
        let lines = runPastTimeout(["/bin/sleep", "10"])
        #expect(lines.contains { $0.contains("timed out after 200 ms; sending SIGTERM") }, "\(lines)")
        #expect(lines.last?.contains("killed by signal 15") == true, "\(lines)")

        // It says when it ignores SIGTERM, so the timeout comes after that.
        let stubborn = runPastTimeout(["/bin/sh", "-c", "trap '' TERM; echo ignoring; sleep 10 & wait; sleep 10"],
                                      ignoresTerm: true) {
            $0.contains { $0.hasSuffix("stdout: ignoring") }
        }
        #expect(stubborn.contains { $0.contains("sending SIGKILL") }, "\(stubborn)")
        #expect(stubborn.last?.contains("killed by signal 9") == true, "\(stubborn)")
    }

    @Test("start returns at once: the UI never waits for a program")
    func asynchronous() {
        let clock = ManualClock()
        let runner = ActionRunner(timeout: 5_000_000, clock: clock) { _ in }
        // A program that runs until it is told to stop: `start` returning at all shows it
        // did not wait for the program.
        runner.start(ExecRequest(arguments: ["/bin/sleep", "1000"], button: "b", screen: "s"))
        #expect(runner.runningCount == 1)
        clock.advance(by: 5_000_000)
        pump(runner, now: clock.now) { runner.runningCount == 0 }
        #expect(runner.runningCount == 0)
    }

    @Test("A tap on a screen file's exec button runs it through the run loop; a repeat button once per trigger")
    func throughTheRunLoop() throws {
        let marker = "/tmp/kiosk-action-\(getpid())"
        unlink(marker)
        defer { unlink(marker) }
        let file = try ScreenFile(parsing: """
            [[screens]]
            id = "main"
            columns = 2
            [[screens.buttons]]
            id = "once"
            title = "Once"
            exec = ["/bin/sh", "-c", "echo $KIOSK_BUTTON >> \(marker)"]
            [[screens.buttons]]
            id = "hold"
            title = "Hold"
            repeat = true
            exec = ["/bin/sh", "-c", "echo $KIOSK_BUTTON >> \(marker)"]
            """, path: "actions.toml")
        let log = Log()
        let clock = ManualClock()
        let runner = ActionRunner(timeout: 5_000_000, clock: clock) { log($0) }
        let host = file.makeHost(size: Size(width: 400, height: 200), textEngine: try KioskTextEngine(), run: runner.start)
        let once = try #require(host.frame(ofButton: "once")).center
        let hold = try #require(host.frame(ofButton: "hold")).center
        // Tap "once"; hold "hold" for 500 ms delay + 2 x 100 ms: the first repeat at 500,
        // then 600, 700, and the release at 750 does not trigger again.
        let script = try TouchScript(parsing: """
            0 down 0 \(once.x) \(once.y)
            50 up 0
            100 down 0 \(hold.x) \(hold.y)
            850 up 0
            1500 end
            """)
        let source = ScriptInputSource(script, clock: clock)
        let scene = HostScene(host: host, start: source.start, end: source.start + script.endTime) { _ in }
        let display = try HeadlessDisplay(width: 400, height: 200)
        let loop = EmbeddedRunLoop(display: display, input: source, scene: scene, clock: clock)
        loop.scheduler.sources = [runner]
        try loop.advanceTime(by: script.endTime)
        #expect(loop.scheduler.exit == .sceneFinished)
        pump(runner, now: clock.now) { runner.runningCount == 0 }
        let ran = try String(contentsOfFile: marker, encoding: .utf8).split(separator: "\n")
        #expect(ran.filter { $0 == "once" }.count == 1)
        #expect(ran.filter { $0 == "hold" }.count == 3, "\(ran)")
        #expect(log.lines.filter { $0.hasSuffix("exited with status 0") }.count == 4, "\(log.lines)")
    }
}
