import Foundation
import KioskDisplay
import KioskGestures
import KioskGraphics
import KioskInput
import KioskRuntime
import KioskUI
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Polls `source` as the run loop would until `done` or `seconds` pass.
func pump(_ source: RunLoopSource, seconds: Double = 5, until done: () -> Bool) {
    let end = MonotonicClock.now() + Int64(seconds * 1_000_000)
    while !done() && MonotonicClock.now() < end {
        var fds = source.pollDescriptors
        let now = MonotonicClock.now()
        let wait = source.nextDeadline.map { Int32(clamping: max(0, ($0 - now) / 1000 + 1)) } ?? 50
        if poll(&fds, nfds_t(fds.count), min(wait, 50)) > 0 { source.handle(fds.filter { $0.revents != 0 }) }
        if let due = source.nextDeadline, due <= MonotonicClock.now() { source.advance(to: MonotonicClock.now()) }
    }
}

@Suite("Button actions", .serialized)
struct ActionRunnerTests {
    final class Log: @unchecked Sendable {
        var lines: [String] = []
        func callAsFunction(_ line: String) { lines.append(line) }
    }

    func run(_ arguments: [String], timeout: Int64 = 5_000_000) -> [String] {
        let log = Log()
        let runner = ActionRunner(timeout: timeout, killGrace: 300_000) { log($0) }
        runner.start(ExecRequest(arguments: arguments, button: "b1", screen: "main"))
        pump(runner) { runner.runningCount == 0 }
        #expect(runner.runningCount == 0, "the child was not reaped")
        return log.lines
    }

    @Test("A program runs without a shell, with the button and screen in its environment, its output logged")
    func runs() {
        let lines = run(["/bin/sh", "-c", "echo \"$KIOSK_BUTTON on $KIOSK_SCREEN\"; echo 'to stderr' >&2", "$HOME"])
        #expect(lines.contains { $0.hasSuffix("stdout: b1 on main") }, "\(lines)")
        #expect(lines.contains { $0.hasSuffix("stderr: to stderr") }, "\(lines)")
        #expect(lines.last?.hasSuffix("exited with status 0") == true, "\(lines)")
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
        let lines = run(["/bin/sleep", "10"], timeout: 200_000)
        #expect(lines.contains { $0.contains("timed out after 200 ms; sending SIGTERM") }, "\(lines)")
        #expect(lines.last?.contains("killed by signal 15") == true, "\(lines)")

        let stubborn = run(["/bin/sh", "-c", "trap '' TERM; sleep 10 & wait; sleep 10"], timeout: 200_000)
        #expect(stubborn.contains { $0.contains("sending SIGKILL") }, "\(stubborn)")
        #expect(stubborn.last?.contains("killed by signal 9") == true, "\(stubborn)")
    }

    @Test("start returns at once: the UI never waits for a program")
    func asynchronous() {
        let runner = ActionRunner(timeout: 5_000_000) { _ in }
        let before = MonotonicClock.now()
        runner.start(ExecRequest(arguments: ["/bin/sleep", "0.3"], button: "b", screen: "s"))
        #expect(MonotonicClock.now() - before < 100_000)
        #expect(runner.runningCount == 1)
        pump(runner) { runner.runningCount == 0 }
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
        let runner = ActionRunner(timeout: 5_000_000) { log($0) }
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
        let source = try ScriptInputSource(script)
        let scene = HostScene(host: host, start: source.start, end: source.start + script.endTime) { _ in }
        let display = try HeadlessDisplay(width: 400, height: 200)
        let loop = try KioskRunLoop(display: display, input: source, scene: scene, console: nil, hotplug: nil,
                                    notifier: SystemdNotifier(environment: [:]))
        loop.sources = [runner]
        #expect(try loop.run() == .sceneFinished)
        pump(runner) { runner.runningCount == 0 }
        let ran = try String(contentsOfFile: marker, encoding: .utf8).split(separator: "\n")
        #expect(ran.filter { $0 == "once" }.count == 1)
        #expect(ran.filter { $0 == "hold" }.count == 3, "\(ran)")
        #expect(log.lines.filter { $0.hasSuffix("exited with status 0") }.count == 4, "\(log.lines)")
    }
}
