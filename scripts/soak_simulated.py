#!/usr/bin/env python3
"""A day of kiosk use on the virtual clock: the memory soak that `make test` runs.

Three kiosks are driven the way customers and staff use them, a few rounds an hour for
--hours simulated hours, through `simulate` (the real host, run loop and headless
display; only the clock is virtual, so a day plays in minutes):
- the coffee kiosk (examples/coffee.toml): a drink tapped, the list flung both ways, the
  size picker, the shots stepper held (repeat) and tapped, the sugar slider dragged, the
  oat-milk toggle, Pay, the loyalty field typed into on the keypad and cleared, Back, and
  the order cancelled through its confirmation dialog;
- the Swift demo (demo-kiosk): + and − held, Reset long-pressed, Delete confirmed in its
  dialog, swipes between screens, the language switched to German and back, the controls
  screen (toggle, slider, stepper, picker), the drinks list flung and two orders placed,
  each confirmed on a sheet (one swiped away, one closed with Done), the service PIN typed
  on the keypad;
- the screen-file demo (examples/demo.toml): the text size switched to the largest and
  back, + held and Start tapped at that size, the language switched to German and back,
  screens switched by button and by swipe.

Each run logs the live heap and resident memory every simulated hour (`--memory-every`).
The soak checks that every round did what it meant to (the events it expects, so a moved
button fails loudly instead of tapping nothing), that no press was left open, and that
after the first hours (caches filling) the live heap grows by less than HEAP_GROWTH_LIMIT_KB
over the rest of the day. It prints the heap and RSS per hour.

Usage: scripts/soak_simulated.py [--hours 24] [--rounds-per-hour 2]
Env:   KIOSK_BINARY, DEMO_BINARY (default: kiosk and demo-kiosk built first as the virtual
       board's kiosk is, release with the Swift runtime linked in, in .build-board)
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HOUR_MS = 3_600_000
WARM_UP_HOURS = 2
HEAP_GROWTH_LIMIT_KB = 1024


class Failure(Exception):
    pass


class Script:
    """A touch script being written: taps, holds, drags, typed in milliseconds."""

    def __init__(self):
        self.lines = []
        self.t = 0

    def tap(self, at, x, y):
        self.lines += [f"{at} down 0 {x} {y}", f"{at + 60} up 0"]

    def hold(self, at, x, y, ms):
        self.lines += [f"{at} down 0 {x} {y}", f"{at + ms} up 0"]

    def drag(self, at, start, end, ms, steps=8):
        (x0, y0), (x1, y1) = start, end
        self.lines.append(f"{at} down 0 {x0} {y0}")
        for i in range(1, steps + 1):
            x = x0 + (x1 - x0) * i // steps
            y = y0 + (y1 - y0) * i // steps
            self.lines.append(f"{at + ms * i // steps} move 0 {x} {y}")
        self.lines.append(f"{at + ms + 16} up 0")

    def text(self, end):
        return "\n".join(self.lines + [f"{end} end"]) + "\n"


# The numeric keypad both kiosks show for their fields (1280x800).
KEYPAD = {"1": (440, 545), "2": (639, 545), "3": (839, 545), "delete": (839, 761), "done": (440, 761)}


def coffee_round(s, t):
    s.tap(t, 330, 193)                                   # Espresso
    s.drag(t + 500, (330, 650), (330, 250), 120)         # fling the list up…
    s.drag(t + 3000, (330, 250), (330, 650), 120)        # …and back down
    s.tap(t + 5500, 802, 144)                            # size: Small
    s.tap(t + 6000, 1152, 144)                           # Large
    s.tap(t + 6500, 977, 144)                            # Medium
    s.hold(t + 7000, 1217, 203, 1500)                    # shots +, held (repeats)
    for i in range(3):
        s.tap(t + 9000 + 300 * i, 1169, 203)             # shots −
    s.drag(t + 10500, (744, 266), (1100, 266), 300)      # sugar up
    s.drag(t + 11500, (1100, 266), (744, 266), 300)      # and down
    s.tap(t + 12500, 1214, 327)                          # oat milk on
    s.tap(t + 13000, 1214, 327)                          # and off
    s.tap(t + 13500, 784, 395)                           # Pay
    s.tap(t + 15000, 700, 113)                           # the loyalty field: the keypad
    for i, key in enumerate(["1", "2", "3", "delete", "delete", "delete"]):
        s.tap(t + 16000 + 250 * i, *KEYPAD[key])
    s.tap(t + 18000, *KEYPAD["done"])
    s.tap(t + 19000, 522, 296)                           # Back
    s.tap(t + 20500, 1163, 64)                           # Cancel order…
    s.tap(t + 21500, 640, 700)                           # …confirmed


COFFEE_EXPECTED = [  # (what an event log line holds, how many per round)
    ({"button": "espresso", "event": "triggered"}, 1),
    ({"button": "pay", "event": "triggered"}, 1),
    ({"button": "back", "event": "triggered"}, 1),
    ({"event": "screen", "screen": "pay"}, 1),
    ({"control": "oat_milk", "event": "value"}, 2),
    ({"control": "size", "event": "value"}, 3),
]


def demo_round(s, t):
    s.hold(t, 700, 290, 2500)                            # + held: repeats
    s.hold(t + 3000, 445, 290, 1500)                     # − held
    s.hold(t + 5000, 812, 290, 800)                      # Reset: a long press
    s.tap(t + 6500, 386, 452)                            # Delete…
    s.tap(t + 7500, 640, 700)                            # …everything
    s.drag(t + 9000, (1000, 700), (500, 700), 100)       # swipe left: settings
    s.tap(t + 10500, 699, 496)                           # Deutsch
    s.tap(t + 11500, 565, 496)                           # English
    s.tap(t + 12500, 864, 325)                           # Controls
    s.tap(t + 14000, 590, 313)                           # eco mode
    s.drag(t + 14500, (440, 367), (540, 367), 300)       # the slider
    s.tap(t + 15500, 593, 421)                           # cups +
    s.tap(t + 16000, 266, 473)                           # Small
    s.tap(t + 16500, 406, 473)                           # Medium
    s.tap(t + 17000, 640, 594)                           # Back: settings
    s.drag(t + 18500, (1000, 700), (500, 700), 100)      # swipe left: drinks
    s.drag(t + 20000, (640, 650), (640, 200), 120)       # fling the drinks
    s.drag(t + 23000, (640, 200), (640, 650), 120)       # and back
    s.tap(t + 26000, 1203, 109)                          # Order the first: its sheet
    s.drag(t + 27000, (640, 450), (640, 760), 100)       # swiped down
    s.tap(t + 28000, 1203, 181)                          # Order the second: its sheet
    s.tap(t + 29000, 640, 557)                           # Done
    s.drag(t + 30000, (1000, 780), (500, 780), 100)      # swipe left: the PIN
    s.tap(t + 31500, 640, 123)                           # the PIN field: the keypad
    for i, key in enumerate(["1", "2", "3", "delete", "delete", "delete"]):
        s.tap(t + 32500 + 250 * i, *KEYPAD[key])
    s.tap(t + 34500, *KEYPAD["done"])
    s.drag(t + 35500, (300, 500), (800, 500), 100)       # swipe right: drinks
    s.drag(t + 37000, (300, 780), (800, 780), 100)       # settings
    s.drag(t + 38500, (300, 700), (800, 700), 100)       # home


DEMO_EXPECTED = [
    ({"button": "plus", "event": "triggered"}, None),    # None: at least one per round
    ({"button": "reset", "event": "triggered"}, 1),
    ({"button": "delete-everything", "event": "triggered"}, 1),
    ({"button": "language-de", "event": "triggered"}, 1),
    ({"button": "language-en", "event": "triggered"}, 1),
    ({"event": "screen", "screen": "controls"}, 1),
    ({"event": "screen", "screen": "drinks"}, 2),
    ({"button": "drink0", "event": "triggered"}, 1),
    ({"button": "drink1", "event": "triggered"}, 1),
    ({"button": "order-done", "event": "triggered"}, 1),
    ({"button": "key-1", "event": "triggered"}, 1),
    ({"button": "key-Done", "event": "triggered"}, 1),
    ({"event": "screen", "screen": "pin"}, 1),
    ({"event": "screen", "screen": "home"}, 1),
]


def screen_file_demo_round(s, t):
    s.tap(t, 1047, 587)                                  # Settings
    s.tap(t + 1500, 926, 621)                            # Larger text: the largest size
    s.tap(t + 2500, 926, 179)                            # Back
    s.hold(t + 4000, 640, 214, 1500)                     # + held at that size
    s.tap(t + 6000, 232, 214)                            # Start
    s.drag(t + 6500, (1000, 700), (500, 700), 100)       # swipe left: settings
    s.tap(t + 8000, 926, 399)                            # Deutsch
    s.tap(t + 9000, 354, 399)                            # English
    s.tap(t + 10000, 926, 621)                           # Larger text again: the default size
    s.drag(t + 11000, (300, 700), (800, 700), 100)       # swipe right: main


SCREEN_FILE_DEMO_EXPECTED = [
    ({"button": "larger", "event": "triggered"}, 2),
    ({"button": "plus", "event": "triggered"}, None),
    ({"button": "start", "event": "triggered"}, 1),
    ({"button": "deutsch", "event": "triggered"}, 1),
    ({"button": "english", "event": "triggered"}, 1),
    ({"event": "screen", "screen": "settings"}, 2),
    ({"event": "screen", "screen": "main"}, 2),
]


def build_script(round_maker, hours, rounds_per_hour):
    s = Script()
    spacing = HOUR_MS // rounds_per_hour
    for hour in range(hours):
        for r in range(rounds_per_hour):
            round_maker(s, hour * HOUR_MS + r * spacing + 1000)
    return s.text(hours * HOUR_MS)  # a touch script lasts 24 h at most


def matches(line, pattern):
    return all(line.get(k) == v for k, v in pattern.items())


def soak(name, command, round_maker, expected, hours, rounds_per_hour):
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, f"{name}.touch")
        with open(path, "w") as f:
            f.write(build_script(round_maker, hours, rounds_per_hour))
        run = subprocess.run(command + ["--touches", path, "--memory-every", "3600"], cwd=ROOT,
                             capture_output=True, text=True)
    if run.returncode != 0:
        raise Failure(f"{name}: simulate exited {run.returncode}: {run.stderr.strip()}")
    events = [json.loads(line) for line in run.stdout.splitlines() if line.startswith("{")]
    rounds = hours * rounds_per_hour
    for pattern, per_round in expected:
        count = sum(1 for e in events if matches(e, pattern))
        if (per_round is None and count < rounds) or (per_round is not None and count != per_round * rounds):
            want = f"at least {rounds}" if per_round is None else str(per_round * rounds)
            raise Failure(f"{name}: {pattern} happened {count} times, expected {want}: a round missed its target")
    open_presses = {}
    for e in events:
        if "button" in e and e.get("event") in ("pressed", "released", "cancelled"):
            open_presses[e["button"]] = open_presses.get(e["button"], 0) + (1 if e["event"] == "pressed" else -1)
    left_open = {b: n for b, n in open_presses.items() if n != 0}
    if left_open:
        raise Failure(f"{name}: presses left open or closed twice: {left_open}")
    memory = [e for e in events if e.get("event") == "memory"]
    if len(memory) < hours:
        raise Failure(f"{name}: {len(memory)} memory readings for {hours} hours")
    print(f"{name}: {rounds} rounds, {len(events) - len(memory)} events")
    for e in memory:
        print(f"  hour {e['t_ms'] // HOUR_MS:2d}  heap {e['heap_kb']:7d} KiB  rss {e.get('rss_kb', 0):7d} KiB")
    after_warm_up = [e["heap_kb"] for e in memory if e["t_ms"] >= WARM_UP_HOURS * HOUR_MS]
    growth = after_warm_up[-1] - after_warm_up[0]
    print(f"  heap growth after hour {WARM_UP_HOURS}: {growth} KiB (limit {HEAP_GROWTH_LIMIT_KB} KiB)")
    if growth >= HEAP_GROWTH_LIMIT_KB:
        raise Failure(f"{name}: the live heap grew {growth} KiB from hour {WARM_UP_HOURS} to the end")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hours", type=int, default=24)
    parser.add_argument("--rounds-per-hour", type=int, default=2)
    args = parser.parse_args()
    if not WARM_UP_HOURS < args.hours <= 24:
        parser.error(f"--hours must be above the {WARM_UP_HOURS} warm-up hours and at most 24 (a touch script's longest)")
    kiosk = os.environ.get("KIOSK_BINARY")
    demo = os.environ.get("DEMO_BINARY")
    if not kiosk or not demo:
        # Built as the virtual board's kiosk is (board/qemu/build-image.sh), in its scratch
        # path: the binaries measured are the ones deployed, and make test builds them once.
        for product in ("kiosk", "demo-kiosk"):
            subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", product,
                            "--scratch-path", os.path.join(ROOT, ".build-board")], cwd=ROOT, check=True)
        kiosk = kiosk or os.path.join(ROOT, ".build-board/release/kiosk")
        demo = demo or os.path.join(ROOT, ".build-board/release/demo-kiosk")
    try:
        soak("coffee", [kiosk, "simulate", "examples/coffee.toml"], coffee_round, COFFEE_EXPECTED,
             args.hours, args.rounds_per_hour)
        soak("demo", [demo, "simulate"], demo_round, DEMO_EXPECTED, args.hours, args.rounds_per_hour)
        soak("screen-file-demo", [kiosk, "simulate", "examples/demo.toml"], screen_file_demo_round,
             SCREEN_FILE_DEMO_EXPECTED, args.hours, args.rounds_per_hour)
    except Failure as failure:
        print(f"soak: FAILED: {failure}", file=sys.stderr)
        return 1
    print("soak: passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
