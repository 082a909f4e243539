import KioskGestures
import Testing

@Suite("Arena")
struct ArenaTests {
    /// A scrolling list (drag) holding a button, on a screen that swipes.
    static var scene: [GestureTarget] {
        [
            GestureTarget(id: "list", frame: rect(0, 0, 400, 800), gestures: [AttachedGesture("scroll", DragGesture())]),
            GestureTarget(id: "row", frame: rect(0, 0, 400, 100), button: ButtonPress()),
        ]
    }

    @Test func aTapOnTheButtonTriggersAndTheDragStaysSilent() throws {
        #expect(try play("0 down 0 100 50\n30 move 0 105 52\n60 up 0", Self.scene)
            == lines("0 row pressed", "60 row released", "60 row triggered tap"))
    }

    @Test func aDragPastTheSlopClaimsTheTouchAndCancelsTheButton() throws {
        let outputs = try play("0 down 0 100 50\n30 move 0 100 59\n40 move 0 100 60\n60 move 0 100 90\n80 up 0", Self.scene)
            .split(separator: "\n").map { $0.split(separator: " ").prefix(4).joined(separator: " ") }
        #expect(outputs == ["0 row pressed", "40 list scroll changed", "40 row cancelled",
                            "60 list scroll changed", "80 list scroll ended"])
    }

    @Test func aDragPastTheSlopCancelsAPendingLongPressUnderIt() throws {
        let targets = [
            GestureTarget(id: "list", frame: rect(0, 0, 400, 800), gestures: [AttachedGesture("scroll", DragGesture().map { Int($0.translation.dy) })]),
            GestureTarget(id: "item", frame: rect(0, 0, 400, 100), gestures: [AttachedGesture("hold", LongPressGesture())]),
        ]
        // 10 px is still within the long press's allowance, but it is the drag's slop.
        #expect(try play("0 down 0 100 50\n100 move 0 100 60\n700 up 0", targets)
            == lines("0 item hold changed true", "100 list scroll changed 10", "100 item hold cancelled", "700 list scroll ended 10"))
    }

    @Test func aLongPressThatFiredClaimsTheTouchFromTheDrag() throws {
        let targets = [
            GestureTarget(id: "list", frame: rect(0, 0, 400, 800), gestures: [AttachedGesture("scroll", DragGesture())]),
            GestureTarget(id: "item", frame: rect(0, 0, 400, 100), gestures: [AttachedGesture("hold", LongPressGesture())]),
        ]
        #expect(try play("0 down 0 100 50\n600 move 0 100 90\n700 up 0", targets)
            == lines("0 item hold changed true", "500 item hold ended true"))
    }

    @Test func whenNestedTargetsClaimAtOnceTheTopmostTakesTheTouch() throws {
        let targets = [
            GestureTarget(id: "list", frame: rect(0, 0, 400, 800), gestures: [AttachedGesture("scroll", DragGesture())]),
            GestureTarget(id: "carousel", frame: rect(0, 0, 400, 200), gestures: [AttachedGesture("pan", DragGesture())]),
        ]
        let outputs = try play("0 down 0 100 50\n40 move 0 130 50\n60 move 0 160 50\n80 up 0", targets)
            .split(separator: "\n").map { $0.split(separator: " ").prefix(4).joined(separator: " ") }
        // Both pass their slop in the same move; the list, below, gives the touch up.
        #expect(outputs == ["40 carousel pan changed", "40 list scroll changed", "40 list scroll cancelled",
                            "60 carousel pan changed", "80 carousel pan ended"])
    }

    @Test func screenGesturesLieUnderEveryTarget() throws {
        let swipe = [AttachedGesture("swipe", SwipeGesture())]
        // On no target, the screen's swipe has the touch alone.
        #expect(try play("0 down 0 700 50\n100 move 0 500 50\n150 up 0", Self.scene, screen: swipe)
            == "150 screen swipe ended left")
        // On a button, it cancels the press once it claims the touch past the slop.
        let button = [GestureTarget(id: "b", frame: rect(600, 0, 200, 100), button: ButtonPress())]
        #expect(try play("0 down 0 700 50\n20 move 0 692 50\n30 move 0 680 50\n100 move 0 600 50\n150 up 0", button, screen: swipe)
            == lines("0 b pressed", "30 b cancelled", "150 screen swipe ended left"))
        // A swipe that only goes sideways (a pager) leaves vertical strokes to the button.
        let sideways = [AttachedGesture("swipe", SwipeGesture(directions: [.left, .right]))]
        #expect(try play("0 down 0 700 20\n30 move 0 700 60\n60 up 0", button, screen: sideways)
            == lines("0 b pressed", "60 b released", "60 b triggered tap"))
        #expect(try play("0 down 0 700 20\n30 move 0 700 60\n60 up 0", button, screen: swipe)
            == lines("0 b pressed", "30 b cancelled", "60 screen swipe ended down"))
        // Under a target whose gesture claims first (a list's drag), the screen gives the touch up.
        #expect(try play("0 down 0 100 50\n100 move 0 300 50\n150 up 0", Self.scene, screen: swipe)
            .hasPrefix("0 row pressed\n100 list scroll changed"))
    }

    @Test func twoFingersOnTwoButtonsPressEachOnItsOwn() throws {
        let targets = [
            GestureTarget(id: "a", frame: rect(0, 0, 100, 100), button: ButtonPress()),
            GestureTarget(id: "b", frame: rect(200, 0, 100, 100), button: ButtonPress()),
        ]
        #expect(try play("0 down 0 50 50\n10 down 1 250 50\n20 up 1\n30 cancel 0", targets)
            == lines("0 a pressed", "10 b pressed", "20 b released", "20 b triggered tap", "30 a cancelled"))
    }

    @Test func aSwipeOnABackgroundTargetTakesTouchesThatStartOnButtons() throws {
        let targets = [
            GestureTarget(id: "background", frame: rect(0, 0, 1280, 800), gestures: [AttachedGesture("swipe", SwipeGesture())]),
            GestureTarget(id: "start", frame: rect(100, 100, 200, 100), button: ButtonPress()),
        ]
        #expect(try play("0 down 0 200 150\n20 move 0 195 150\n40 move 0 150 150\n80 move 0 60 150\n80 up 0", targets)
            == lines("0 start pressed", "40 start cancelled", "80 background swipe ended left"))
        #expect(try play("0 down 0 200 150\n20 move 0 195 150\n80 up 0", targets)
            == lines("0 start pressed", "80 start released", "80 start triggered tap"))
    }
}
