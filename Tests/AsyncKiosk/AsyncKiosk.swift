import Foundation
import KioskUI

/// A product-like kiosk for the tests of async work (KioskRuntimeTests' MainActorLoopTests):
/// a tap on Start sets off a `Task` on the main actor, a `DispatchQueue.main.async`, an
/// `asyncAfter`, a Foundation `Timer`, a write from a global queue and a detached task that
/// hops back; each shows its row when it has run. A row is a button, so a touch script
/// that taps it logs `triggered` only once the row is on screen.
@main
struct AsyncKiosk: KioskApp {
    static func screens(navigator: Navigator) -> [Screen] {
        let results = AsyncResults()
        return [Screen("main") { AsyncScreen(results: results, navigator: navigator) },
                Screen("ticker") { TickerScreen(results: results, navigator: navigator) }]
    }
}

/// What has run so far. A global queue writes `background` directly, as code that forgets
/// to hop to the main actor does, so the class is shared across threads.
@Observable final class AsyncResults: @unchecked Sendable {
    var task = false
    var mainAsync = false
    var asyncAfter = false
    var timer = false
    var background = false
    var hop = false
    /// Set by a `.task` when the main screen first appears.
    var appeared = false
    /// Start taps; the `.task(id:)` started for the latest one sets `roundStarted`.
    var round = 0
    var roundStarted = 0
    /// Set when the ticker screen's endless task ended because its view went away.
    var tickerStopped = false
    /// A 1 s repeating timer's ticks (the Clock button; `kiosk ctl stats` measures its wake-ups).
    var ticks = 0
    /// Runs of the Flood button's endless main-queue work and 1 ms timer.
    var floods = 0
}

/// Rows of 60 px from the top, one per result: row i's centre is at y = 30 + 60 i.
struct AsyncScreen: View {
    let results: AsyncResults
    let navigator: Navigator

    var body: some View {
        VStack(spacing: 0) {
            row("start", shown: true) { start() }
            row("task", shown: results.task)
            row("main-async", shown: results.mainAsync)
            row("async-after", shown: results.asyncAfter)
            row("timer", shown: results.timer)
            row("background", shown: results.background)
            row("hop", shown: results.hop)
            row("appeared", shown: results.appeared)
            row("round-\(results.roundStarted)", shown: true)
            row("ticker", shown: true) { navigator.go(to: "ticker") }
            row("ticker-stopped", shown: results.tickerStopped)
            row("clock", title: "Clock \(results.ticks)", shown: true) {
                _ = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [results] _ in results.ticks += 1 }
            }
            row("flood", title: "Flood \(results.floods)", shown: true) { flood() }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .top)
        .task { results.appeared = true }
        .task(id: results.round) { results.roundStarted = results.round }
    }

    /// Every way a product's code gets work onto the main actor, or fails to.
    private func start() {
        // Captured alone: the view itself is not Sendable (only its body is main-actor isolated).
        let results = results
        results.round += 1
        Task { @MainActor in results.task = true }
        DispatchQueue.main.async { results.mainAsync = true }
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.2) { results.asyncAfter = true }
        _ = Timer.scheduledTimer(withTimeInterval: 0.3, repeats: false) { _ in results.timer = true }
        // Late, once the tap's animations are over and the loop sleeps: the wake-up the
        // write makes draws it then (`strace -e poll` shows it), not the next touch.
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.5) { results.background = true }
        Task.detached { await MainActor.run { results.hop = true } }
    }

    /// Keeps the main queue busy for good (each block queues the next) and adds a 1 ms
    /// timer, each run redrawing the Flood row: touches must still get through.
    private func flood() {
        let results = results
        @Sendable func again() {
            DispatchQueue.main.async {
                results.floods += 1
                again()
            }
        }
        again()
        _ = Timer.scheduledTimer(withTimeInterval: 0.001, repeats: true) { _ in results.floods += 1 }
    }

    @ViewBuilder
    private func row(_ id: String, title: String? = nil, shown: Bool, action: @escaping () -> Void = {}) -> some View {
        if shown {
            Button(title ?? id, action: action).id(id).frame(maxWidth: .infinity).frame(height: 60)
        } else {
            Color.clear.frame(height: 60)
        }
    }
}

/// A screen whose task never ends by itself: only its view going away (the cancellation
/// that throws out of the sleep) stops it.
struct TickerScreen: View {
    let results: AsyncResults
    let navigator: Navigator

    var body: some View {
        Button("back") { navigator.go(to: "main") }.id("back").frame(maxWidth: .infinity, maxHeight: .infinity)
            .task {
                do {
                    while true { try await Task.sleep(nanoseconds: 3_600_000_000_000) }
                } catch {
                    results.tickerStopped = true
                }
            }
    }
}
