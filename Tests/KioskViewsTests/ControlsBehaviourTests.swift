import Testing
@testable import KioskViews

@Observable private final class Settings {
    var isOn = false
    var level = 0.5
    var count = 0
    var size = 0
    var page = 0
    var editing: [Bool] = []
    var taps = 0

    func binding<T>(_ keyPath: ReferenceWritableKeyPath<Settings, T>) -> Binding<T> {
        Binding(get: { self[keyPath: keyPath] }, set: { self[keyPath: keyPath] = $0 })
    }
}

@Observable private final class Loading {
    var isLoading = true
}

/// The controls' behaviour on a virtual clock. Each control is 300 px wide, centred in a
/// 400 px wide host, so it spans x 50…350.
@MainActor
@Suite("Controls")
struct ControlsBehaviourTests {
    private func host<V: View>(height: Double = 100, @ViewBuilder _ content: @escaping () -> V) -> UIHost {
        let host = UIHost(size: Size(width: 400, height: height), textEngine: textEngine) {
            content().frame(width: 300)
        }
        host.render(into: try! Canvas(width: 400, height: Int(height)))
        return host
    }

    private func element(_ host: UIHost, label: String) -> AccessibilityElement? {
        host.accessibilityElements.first { $0.label == label }
    }

    @Test func toggleFlipsOnATapAnywhereOnItsRowAndAnimatesTheKnob() throws {
        let settings = Settings()
        let host = host { Toggle("Wi-Fi", isOn: settings.binding(\.isOn)) }
        let canvas = try Canvas(width: 400, height: 100)
        host.render(into: canvas)
        // On the label, far from the switch.
        _ = host.run([touch(.down, 70, 50, at: 0), touch(.up, 70, 50, at: 50)], until: 50)
        #expect(settings.isOn)
        host.render(into: canvas)
        #expect(host.needsFrame, "the knob slides")
        // The knob (white) travels from x 314 to 334 over the spring's frames.
        func knobX() -> Double? {
            (300..<350).map(Double.init).first { canvas.argb(x: Int($0), y: 50) == 0xFFFF_FFFF }
        }
        var positions: [Double] = []
        var t: Int64 = 50
        while host.needsFrame, t < 2000 {
            t += 16
            _ = host.advance(to: t * 1000)
            host.render(into: canvas)
            if let x = knobX() { positions.append(x) }
        }
        #expect(!host.needsFrame, "the animation ends")
        #expect(positions.count > 5)
        #expect(positions.first! < positions.last!)
        #expect(abs(positions.last! - 323) < 3, "the knob rests at the trailing end (left edge \(positions.last!))")
        let wifi = try #require(element(host, label: "Wi-Fi"))
        #expect(wifi.value == "on")
        #expect(wifi.traits.contains(.isToggle))
        _ = try host.activate(wifi.id)
        #expect(!settings.isOn)
    }

    @Test func disabledToggleRefuses() {
        let settings = Settings()
        let host = host { Toggle("Wi-Fi", isOn: settings.binding(\.isOn)).disabled(true) }
        _ = host.run([touch(.down, 330, 50, at: 0), touch(.up, 330, 50, at: 50)], until: 100)
        #expect(!settings.isOn)
        #expect(element(host, label: "Wi-Fi")?.traits.contains(.isDisabled) == true)
    }

    /// The track runs from x 64 to 336 (the thumb's centre at the ends).
    @Test func sliderFollowsTheFingerAndReportsEditing() {
        let settings = Settings()
        let host = host {
            Slider(value: settings.binding(\.level), in: 0...1) { Text("Volume") } onEditingChanged: { settings.editing.append($0) }
        }
        _ = host.run([touch(.down, 64 + 0.25 * 272, 50, at: 0)], until: 10)
        #expect(abs(settings.level - 0.25) < 0.01)
        #expect(settings.editing == [true])
        _ = host.run([touch(.move, 64 + 0.75 * 272, 50, at: 50)], until: 60)
        #expect(abs(settings.level - 0.75) < 0.01)
        _ = host.run([touch(.move, 500, 50, at: 100)], until: 110)
        #expect(settings.level == 1, "past the end it stays at the upper bound")
        _ = host.run([touch(.up, 500, 50, at: 150)], until: 200)
        #expect(settings.editing == [true, false])
        #expect(element(host, label: "Volume")?.value == "100%")
    }

    @Test func rightToLeftSliderRunsFromTheRightAndPagesTurnRightwards() {
        let settings = Settings()
        let slider = host { Slider(value: settings.binding(\.level)).environment(\.layoutDirection, .rightToLeft) }
        _ = slider.run([touch(.down, 64 + 0.25 * 272, 50, at: 0), touch(.up, 64 + 0.25 * 272, 50, at: 50)], until: 100)
        #expect(abs(settings.level - 0.75) < 0.01)

        let pages = host(height: 300) {
            TabView(selection: settings.binding(\.page)) {
                ForEach(0..<3) { i in Text("Page \(i)").tag(i) }
            }
            .environment(\.layoutDirection, .rightToLeft)
        }
        var frames = [touch(.down, 100, 60, at: 0)]
        for i in 1...10 { frames.append(touch(.move, 100 + Double(i) * 20, 60, at: Int64(i) * 50)) }
        frames.append(touch(.up, 300, 60, at: 1000))
        _ = pages.run(frames, until: 1000)
        #expect(settings.page == 1)
    }

    @Test func sliderSnapsToItsStepAndEndsEditingOnACancel() {
        let settings = Settings()
        let host = host {
            Slider(value: settings.binding(\.level), in: 0...10, step: 2) { settings.editing.append($0) }
        }
        _ = host.run([touch(.down, 64 + 0.33 * 272, 50, at: 0)], until: 10)
        #expect(settings.level == 4)
        _ = host.run([touch(.move, 64 + 0.92 * 272, 50, at: 50)], until: 60)
        #expect(settings.level == 10)
        _ = host.run([touch(.cancel, 64 + 0.92 * 272, 50, at: 100)], until: 200)
        #expect(settings.editing == [true, false], "a cancelled touch still ends editing")
    }

    @Test func sliderIsAdjustableByItsStepOrATenth() throws {
        let settings = Settings()
        let host = host { Slider(value: settings.binding(\.level)) { Text("Volume") } }
        let volume = try #require(element(host, label: "Volume"))
        #expect(volume.value == "50%")
        #expect(volume.traits.contains(.isAdjustable))
        _ = try host.adjust(volume.id, .increment)
        #expect(abs(settings.level - 0.6) < 1e-9)
        #expect(element(host, label: "Volume")?.value == "60%")
        for _ in 0..<10 { _ = try host.adjust(volume.id, .increment) }
        #expect(settings.level == 1)
    }

    @Test func sliderWithBadInputClampsWithoutCrashing() {
        let settings = Settings()
        settings.level = .nan
        let host = host(height: 200) {
            VStack {
                Slider(value: settings.binding(\.level), in: 5...5)
                Slider(value: settings.binding(\.level), in: -Double.infinity...Double.infinity, step: -1)
                Slider(value: settings.binding(\.level), in: 0...1, step: .nan)
            }
        }
        host.render(into: try! Canvas(width: 400, height: 200))
        for y in stride(from: 40.0, through: 160, by: 20) {
            _ = host.run([touch(.down, 200, y, at: 0), touch(.move, 260, y, at: 20), touch(.up, 260, y, at: 40)], until: 100)
            host.render(into: try! Canvas(width: 400, height: 200))
            #expect(settings.level.isFinite)
        }
    }

    /// The + segment is centred at x 326.5, the − one at 279.5.
    @Test func stepperRepeatsFasterWhileHeldAndStopsAtTheLimit() {
        let settings = Settings()
        let host = host {
            Stepper("Cups", value: settings.binding(\.count), in: 0...100) { settings.editing.append($0) }
        }
        _ = host.run([touch(.down, 326, 50, at: 0)], until: 1400)
        #expect(settings.editing == [true])
        #expect(settings.count == 10, "after 500 ms, one every 100 ms")
        _ = host.run([], until: 1900)
        #expect(settings.count == 20, "after ten repeats, one every 50 ms")
        _ = host.run([touch(.up, 326, 50, at: 1910)], until: 2000)
        #expect(settings.count == 20)
        #expect(settings.editing == [true, false])
        _ = host.run([touch(.down, 279, 50, at: 2100), touch(.up, 279, 50, at: 2150)], until: 2200)
        #expect(settings.count == 19)

        settings.count = 98
        _ = host.run([touch(.down, 326, 50, at: 3000)], until: 5000)
        #expect(settings.count == 100)
        _ = host.run([touch(.up, 326, 50, at: 5010)], until: 5100)
        #expect(!host.needsFrame || host.nextDeadline != nil)
        let cups = host.accessibilityElements.first { $0.label == "Cups" }
        #expect(cups?.value == "100")
        _ = try? host.adjust(cups!.id, .decrement)
        #expect(settings.count == 99)
    }

    @Test func segmentedPickerSelectsTheTappedSegment() throws {
        let settings = Settings()
        let host = host {
            Picker("Size", selection: settings.binding(\.size)) {
                Text("Small").tag(0)
                Text("Medium").tag(1)
                Text("Large").tag(2)
            }
            .pickerStyle(.segmented)
        }
        _ = host.run([touch(.down, 300, 50, at: 0), touch(.up, 300, 50, at: 50)], until: 100)
        #expect(settings.size == 2)
        #expect(element(host, label: "Large")?.traits.contains(.isSelected) == true)
        #expect(element(host, label: "Small")?.traits.contains(.isSelected) == false)
        _ = try host.activate(try #require(element(host, label: "Medium")).id)
        #expect(settings.size == 1)
    }

    private func pager(_ settings: Settings) -> UIHost {
        host(height: 300) {
            TabView(selection: settings.binding(\.page)) {
                ForEach(0..<3) { i in
                    Button("Page \(i)") { settings.taps += 1 }.id("page\(i)").tag(i)
                }
            }
            .tabViewStyle(.page)
            .frame(height: 300)
        }
    }

    @Test func pageSwipeSettlesOnTheNextPageOrSpringsBack() {
        let settings = Settings()
        let host = pager(settings)
        let canvas = try! Canvas(width: 400, height: 300)
        // A slow drag of a third of the page springs back.
        var frames = [touch(.down, 250, 60, at: 0)]
        for i in 1...10 { frames.append(touch(.move, 250 - Double(i) * 10, 60, at: Int64(i) * 50)) }
        frames.append(touch(.up, 150, 60, at: 1000))
        _ = host.run(frames, until: 1000)
        #expect(settings.page == 0)
        // Past half the page it settles on the next one.
        frames = [touch(.down, 300, 60, at: 2000)]
        for i in 1...10 { frames.append(touch(.move, 300 - Double(i) * 20, 60, at: 2000 + Int64(i) * 50)) }
        frames.append(touch(.up, 100, 60, at: 3000))
        _ = host.run(frames, until: 3000)
        #expect(settings.page == 1)
        host.render(into: canvas)
        #expect(host.needsFrame, "the page settles with a spring")
        _ = host.run([], until: 5000)
        host.render(into: canvas)
        #expect(!host.needsFrame)
        // No page before the first or after the last.
        frames = [touch(.down, 300, 60, at: 6000)]
        for i in 1...10 { frames.append(touch(.move, 300 - Double(i) * 25, 60, at: 6000 + Int64(i) * 20)) }
        frames.append(touch(.up, 50, 60, at: 6300))
        _ = host.run(frames, until: 7000)
        #expect(settings.page == 2)
        frames = [touch(.down, 100, 60, at: 8000)]
        for i in 1...10 { frames.append(touch(.move, 100 - Double(i) * 5, 60, at: 8000 + Int64(i) * 20)) }
        frames.append(touch(.up, 50, 60, at: 8300))
        _ = host.run(frames, until: 9000)
        #expect(settings.page == 2)
    }

    @Test func aButtonPressedThenDraggedPastTheSlopIsCancelled() {
        let settings = Settings()
        let host = pager(settings)
        let events = host.run([touch(.down, 200, 150, at: 0), touch(.move, 185, 150, at: 30), touch(.move, 120, 150, at: 60),
                               touch(.up, 120, 150, at: 100)], until: 1000)
        #expect(events.contains { $0.contains("page0 pressed") })
        #expect(events.contains { $0.contains("page0 cancelled") })
        #expect(settings.taps == 0)
        _ = host.run([touch(.down, 200, 150, at: 2000), touch(.up, 200, 150, at: 2050)], until: 2100)
        #expect(settings.taps == 1, "a tap still triggers")
    }

    @Test func disclosureGroupShowsItsContentOnATap() throws {
        let host = host(height: 200) {
            DisclosureGroup("Details") { Text("Descaled on Monday") }
        }
        #expect(element(host, label: "Descaled on Monday") == nil)
        #expect(element(host, label: "Details")?.value == "collapsed")
        _ = host.run([touch(.down, 100, 100, at: 0), touch(.up, 100, 100, at: 50)], until: 100)
        #expect(element(host, label: "Descaled on Monday") != nil)
        let details = try #require(element(host, label: "Details"))
        #expect(details.value == "expanded")
        _ = try host.activate(details.id)
        #expect(element(host, label: "Descaled on Monday") == nil)
    }

    @Test func spinnerAsksForFramesOnlyWhileShown() throws {
        let loading = Loading()
        let host = host { if loading.isLoading { ProgressView() } else { Text("Done") } }
        let canvas = try Canvas(width: 400, height: 100)
        host.render(into: canvas)
        #expect(host.nextDeadline != nil)
        let first = try Canvas(width: 400, height: 100)
        first.copy(from: canvas, rect: PixelRect(x: 0, y: 0, width: 400, height: 100))
        _ = host.advance(to: 130_000)
        host.render(into: canvas)
        #expect(differingPixels(first, canvas) > 0, "a spoke further on is brightest")
        loading.isLoading = false
        host.render(into: canvas)
        #expect(host.nextDeadline == nil)
        #expect(!host.needsFrame)
    }
}
