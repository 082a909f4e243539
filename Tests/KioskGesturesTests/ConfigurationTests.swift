import KioskGestures
import Testing

@Suite("Configuration and event log")
struct ConfigurationTests {
    @Test func screenFileTimingsReachTheButtons() throws {
        var configuration = GestureConfiguration()
        configuration.repeatDelay = 300_000
        configuration.repeatInterval = 50_000
        configuration.cancelMargin = 0
        configuration.longPressDuration = 800_000
        let targets = [
            GestureTarget(id: "plus", frame: rect(0, 0, 100, 100), button: ButtonPress(configuration: configuration, repeats: true)),
            GestureTarget(id: "reset", frame: rect(200, 0, 100, 100), button: ButtonPress(configuration: configuration, longPress: true)),
        ]
        #expect(try play("0 down 0 50 50\n420 up 0", targets)
            == lines("0 plus pressed", "300 plus triggered repeat", "350 plus triggered repeat", "400 plus triggered repeat", "420 plus released"))
        #expect(try play("0 down 0 250 50\n799 up 0\n1000 down 0 250 50\n1800 move 0 299 50\n1900 move 0 300 50", targets)
            == lines("0 reset pressed", "799 reset released", "1000 reset pressed", "1800 reset triggered longPress", "1900 reset cancelled"))
    }

    @Test func defaultsAreDesignMds() {
        let standard = GestureConfiguration.standard
        #expect(standard.longPressDuration == 500_000 && standard.longPressMaximumDistance == 10)
        #expect(standard.touchSlop == 10 && standard.doubleTapGap == 300_000)
        #expect(standard.repeatDelay == 500_000 && standard.repeatInterval == 100_000)
        #expect(standard.cancelMargin == 24)
        #expect(standard.swipeMinimumDistance == 30 && standard.swipeMinimumVelocity == 100)
    }

    @Test func buttonAndSwipeOutputsCarryTimeTargetAndCause() throws {
        let engine = GestureEngine()
        engine.setTarget(GestureTarget(id: "start", frame: rect(0, 0, 100, 100), button: ButtonPress()))
        engine.setTarget(GestureTarget(id: "plus", frame: rect(200, 0, 100, 100), button: ButtonPress(repeatBehavior: RepeatBehavior()),
                                       gestures: [AttachedGesture("hold", LongPressGesture())]))
        engine.setScreenGestures([AttachedGesture("swipe", SwipeGesture())])
        let outputs = engine.play(try TouchScript(parsing: """
            0 down 0 50 50
            600 up 0
            1000 down 0 250 50
            1500.5 cancel 0
            2000 down 0 600 600
            2050 move 0 500 600
            2100 up 0
            """))
        let reported = outputs.filter { output in
            if case .gesture(let name, .ended) = output.event { return name == "swipe" }
            if case .gesture = output.event { return false }
            return true
        }
        #expect(reported.map(\.description) == [
            "0 start pressed",
            "600 start released",
            "600 start triggered tap",
            "1000 plus pressed",
            "1500 plus triggered repeat",
            "1500.5 plus cancelled",
            "2100 screen swipe ended left",
        ])
    }
}
