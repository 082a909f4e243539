import ArgumentParser
import FoundationEssentials
import Glibc
import KioskCore
import KioskBench
import KioskDemo
import KioskGestures
import KioskRuntime
import KioskSpeech
import KioskViews

/// `scene=speech kind=touch-to-speech`: in explore mode, a finger touching a button of the
/// built-in demo until the first chunk of its announcement reaches the speech output: the
/// hit test, the `speak` event through the `HostScene`, the hand-over to the speech thread
/// and eSpeak NG's first chunk. Each touch lands on another button (the focus changes, so
/// it is announced); touches are a virtual second apart, so none makes a double tap.
extension BenchCommand {
    func runSpeech() throws {
        let navigator = Navigator()
        let host = UIHost(size: Size(width: 1280, height: 800),
                          screens: DemoApp.screens(model: CounterModel(), navigator: navigator),
                          textEngine: try KioskTextEngine(), navigator: navigator)
        host.accessibilityMode = .explore
        let clock = FirstChunkClock()
        let speech = SpeechSynthesizer(output: clock) { StandardStream.error.write("kiosk bench: \($0)\n") }
        defer { speech.stop() }
        let scene = HostScene(host: host, start: 0, log: { _ in })
        scene.speak = { speech.speak($0, language: $1.identifier) }
        scene.advance(to: 0)
        speech.waitUntilIdle()
        let targets = host.accessibilityElements.prefix(2).map { $0.frame.center }
        guard targets.count == 2 else { throw ValidationError("the demo has fewer than two elements to touch") }
        var touches = 0
        func touch(_ phase: TouchPhase) -> TouchFrame {
            let time = Microseconds(touches) * 1_000_000 + (phase == .down ? 0 : 100_000)
            let point = targets[touches % 2]
            return TouchFrame(events: [TouchEvent(slot: 0, phase: phase, location: TouchLocation(x: point.x, y: point.y), timestamp: time)],
                              timestamp: time)
        }
        let bench = Benchmark(warmUpFrames: min(warmUp, 5), timedFrames: max(1, min(frames, 100)))
        let result = bench.run(preparing: {
            if touches > 0 { scene.handle(touch(.up)) }
            speech.waitUntilIdle()
            touches += 1
            clock.reset()
        }) {
            scene.handle(touch(.down))
            clock.waitForFirstChunk()
        }
        print("scene=speech kind=touch-to-speech mode=explore median_ms=\(Self.ms(result.median)) p95_ms=\(Self.ms(result.p95)) "
              + "max_ms=\(Self.ms(result.sortedMilliseconds.last ?? 0)) touches=\(result.frames) target_ms=50")
    }
}

/// A speech output that only notes when the first chunk of an utterance arrives.
private final class FirstChunkClock: SpeechOutput, @unchecked Sendable {
    private let condition = Condition()
    private var arrived = false

    func write(_ samples: UnsafeBufferPointer<Int16>, sampleRate: Int) {
        condition.withLock {
            arrived = true
            condition.signal()
        }
    }

    func finish() {}
    func interrupt() {}

    func reset() {
        condition.withLock { arrived = false }
    }

    func waitForFirstChunk() {
        condition.withLock {
            while !arrived { condition.wait() }
        }
    }
}
