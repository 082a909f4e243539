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

    @Test func eventLogLinesFollowTheDesign() throws {
        let engine = GestureEngine()
        engine.setTarget(GestureTarget(id: "start", frame: rect(0, 0, 100, 100), button: ButtonPress()))
        engine.setTarget(GestureTarget(id: "plus", frame: rect(200, 0, 100, 100), button: ButtonPress(repeatBehavior: RepeatBehavior()),
                                       gestures: [AttachedGesture("hold", LongPressGesture())]))
        engine.setTarget(GestureTarget(id: "a \"quoted\"\\id", frame: rect(400, 0, 100, 100), button: ButtonPress()))
        engine.setScreenGestures([AttachedGesture("swipe", SwipeGesture())])
        let outputs = engine.play(try TouchScript(parsing: """
            0 down 0 50 50
            600 up 0
            1000 down 0 250 50
            1500.5 cancel 0
            2000 down 0 600 600
            2050 move 0 500 600
            2100 up 0
            2200 down 0 450 50
            2300 up 0
            """))
        #expect(outputs.compactMap(\.eventLogLine) == [
            #"{"t_ms":0,"button":"start","event":"pressed"}"#,
            #"{"t_ms":600,"button":"start","event":"released"}"#,
            #"{"t_ms":600,"button":"start","event":"triggered","cause":"tap"}"#,
            #"{"t_ms":1000,"button":"plus","event":"pressed"}"#,
            #"{"t_ms":1500,"button":"plus","event":"triggered","cause":"repeat"}"#,
            #"{"t_ms":1500.5,"button":"plus","event":"cancelled"}"#,
            #"{"t_ms":2100,"event":"swipe","direction":"left"}"#,
            #"{"t_ms":2200,"button":"a \"quoted\"\\id","event":"pressed"}"#,
            #"{"t_ms":2300,"button":"a \"quoted\"\\id","event":"released"}"#,
            #"{"t_ms":2300,"button":"a \"quoted\"\\id","event":"triggered","cause":"tap"}"#,
        ])
    }
}
