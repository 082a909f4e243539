#!/usr/bin/env python3
"""The virtual board's end-to-end test: boots a real kernel under QEMU (bochs DRM card,
uinput, evdev, udev, libinput), drives it with `kiosk touch` inside the guest, and checks
what comes out: libinput's frames, the kiosk's event log, and the panel seen from
outside through the QEMU monitor's screendump.

Usage: board/qemu/e2e.py [-k NAME] [--arch arm64]   (builds the image first; prints the time taken)
With --arch arm64 the board is QEMU's arm64 `virt` machine (virtio-gpu, trixie's kernel)
running the cross-built kiosk, and only the core checks run: the first frame, a tap and
the pressed look, rotation 90, and the console after SIGTERM and after a crash.
Artifacts (console log, screendumps as PNG) go to $KIOSK_BOARD_ARTIFACTS or a temp dir.
"""
import json
import os
import subprocess
import sys
import tempfile
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from vboard import BoardError, Screen, VirtualBoard  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
WIDTH, HEIGHT = 1280, 800

TESTS = []
# How much longer than on amd64 the guest takes for the same work: 1, or more on the
# arm64 board, whose CPU QEMU emulates instruction by instruction (set by main).
SLOWER = 1


def test(function=None, vga="std", core=False):
    """Registers a test; `vga` picks the board it runs on (one boot per kind); a `core`
    test also runs on the arm64 board."""
    def register(function):
        TESTS.append((function, vga, core))
        return function
    return register(function) if function else register


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def watch_frames(board, log):
    """The touch frames `kiosk devices --watch` logged, as dicts."""
    _, text = board.run(f"cat {log}")
    return [json.loads(line) for line in text.splitlines() if line.startswith("{")]


def start_watch(board, log, seconds, rotation=0, flags=""):
    """Starts a libinput reader in the guest; `stop_watch` ends it."""
    board.run(f"kiosk devices --watch --duration {seconds} --rotation {rotation} {flags} > {log} 2>&1 & "
              "echo $! > /tmp/watch.pid")
    # libinput has opened the seat once the device list is printed.
    deadline = time.monotonic() + 30
    while "Input devices" not in (text := board.run(f"cat {log}")[1]):
        check(time.monotonic() < deadline and "Error" not in text, f"kiosk devices --watch did not start: {text}")
        time.sleep(0.2)


def stop_watch(board):
    board.run("kill $(cat /tmp/watch.pid) 2>/dev/null; while pidof kiosk >/dev/null; do sleep 0.1; done",
              timeout=30)


def events(frames):
    return [(e["slot"], e["phase"], round(e["x"]), round(e["y"])) for f in frames for e in f["events"]]


TAP_AND_CANCEL = """
0    down 0 640 400
40   move 0 652 404
100  down 1 100 700
600  up 0
700  cancel 1
800  end
"""


@test
def libinput_sees_the_uinput_touchscreen(board):
    """kiosk touch → uinput → evdev → udev (ID_INPUT_TOUCHSCREEN) → libinput → frames."""
    board.put("/tmp/tap.touch", TAP_AND_CANCEL)
    start_watch(board, "/tmp/watch-tap.log", 15)
    _, output = board.run("kiosk touch /tmp/tap.touch")
    check("/dev/input/event" in output, f"kiosk touch did not report its node: {output}")
    time.sleep(0.5)
    frames = watch_frames(board, "/tmp/watch-tap.log")
    check(events(frames) == [
        (0, "down", 640, 400), (0, "move", 652, 404), (1, "down", 100, 700),
        (0, "up", 652, 404), (1, "cancel", 100, 700),
    ], f"unexpected frames: {frames}")
    gaps = [(b["t_us"] - a["t_us"]) / 1000 for a, b in zip(frames, frames[1:])]
    check(all(abs(g - want) < 30 for g, want in zip(gaps, [40, 60, 500, 100])),
          f"frames not played in real time: gaps {gaps} ms")
    latencies = [f["latency_us"] for f in frames]
    print(f"    input latency (kernel timestamp → TouchFrame) µs: {latencies}")


@test
def the_touchscreen_is_classified_by_udev(board):
    # The finger is held far longer than the checks take on a loaded TCG board, so the device
    # cannot vanish before it is listed; it is stopped as soon as they are done.
    board.put("/tmp/hold.touch", "0 down 0 10 10\n60000 up 0\n60000 end\n")
    board.run("kiosk touch --device-name 'Board panel' /tmp/hold.touch > /tmp/hold.log 2>&1 & echo $! > /tmp/hold.pid")
    deadline = time.monotonic() + 20
    while "event" not in board.run("cat /tmp/hold.log")[1]:
        check(time.monotonic() < deadline, "kiosk touch did not create its device")
        time.sleep(0.2)
    node = board.run("cat /tmp/hold.log")[1].split()[2]
    _, udev = board.run(f"udevadm info {node}")
    check("ID_INPUT_TOUCHSCREEN=1" in udev, f"udev did not tag {node} a touchscreen:\n{udev}")
    _, listing = board.run("kiosk devices")
    check(f'{node}  "Board panel"  touch' in listing, f"kiosk devices does not list it:\n{listing}")
    board.run("kill $(cat /tmp/hold.pid)")
    stop_watch(board)


@test
def touch_follows_rotation(board):
    """At 90 the script's UI point (100, 280) is panel (1000, 100); the reader turns it back."""
    board.put("/tmp/rot.touch", "0 down 0 100 280\n50 up 0\n50 end\n")
    start_watch(board, "/tmp/watch-rot.log", 10, rotation=0)
    board.run("kiosk touch --rotation 90 /tmp/rot.touch")
    time.sleep(0.5)
    # The up comes at the script's end: it must stay an up although the device then goes.
    check(events(watch_frames(board, "/tmp/watch-rot.log")) == [(0, "down", 1000, 100), (0, "up", 1000, 100)],
          f"the panel point is not the rotated script point: {watch_frames(board, '/tmp/watch-rot.log')}")
    stop_watch(board)
    start_watch(board, "/tmp/watch-rot90.log", 10, rotation=90)
    board.run("kiosk touch --rotation 90 /tmp/rot.touch")
    time.sleep(0.5)
    check(events(watch_frames(board, "/tmp/watch-rot90.log"))[:1] == [(0, "down", 100, 280)],
          "the rotated reader does not get the script's UI point back")
    stop_watch(board)


@test
def calibration_maps_the_panel(board):
    """A mirrored-x matrix (libinput's 6 values) moves panel x 1000 to 280."""
    board.put("/tmp/cal.touch", "0 down 0 1000 100\n50 up 0\n50 end\n")
    start_watch(board, "/tmp/watch-cal.log", 10, flags="--calibration='-1 0 1 0 1 0'")
    board.run("kiosk touch /tmp/cal.touch")
    time.sleep(0.5)
    got = events(watch_frames(board, "/tmp/watch-cal.log"))
    stop_watch(board)
    check(got[:1] == [(0, "down", 280, 100)], f"calibration not applied: {got}")


@test
def removing_the_device_mid_press_cancels(board):
    """Killing `kiosk touch` with a finger down destroys the uinput device: the touch is
    cancelled, never lifted (a lift would be a tap)."""
    board.put("/tmp/press.touch", "0 down 0 300 300\n10000 up 0\n10000 end\n")
    start_watch(board, "/tmp/watch-kill.log", 15)
    board.run("kiosk touch /tmp/press.touch > /tmp/press.log 2>&1 & echo $! > /tmp/press.pid")
    deadline = time.monotonic() + 20
    while not watch_frames(board, "/tmp/watch-kill.log"):
        check(time.monotonic() < deadline, "the press never arrived")
        time.sleep(0.2)
    board.run("kill -TERM $(cat /tmp/press.pid)")
    time.sleep(1)
    check(events(watch_frames(board, "/tmp/watch-kill.log")) == [(0, "down", 300, 300), (0, "cancel", 300, 300)],
          f"expected down then cancel: {watch_frames(board, '/tmp/watch-kill.log')}")
    stop_watch(board)


@test
def a_mouse_is_a_single_touch(board):
    """QEMU's PS/2 mouse, driven from the monitor: left button down, motion, up."""
    start_watch(board, "/tmp/watch-mouse.log", 15)
    for command in ("mouse_button 1", "mouse_move 20 10", "mouse_button 0"):
        board.monitor_command(command)
        time.sleep(0.3)
    got = events(watch_frames(board, "/tmp/watch-mouse.log"))
    stop_watch(board)
    check([e[:2] for e in got] == [(0, "down"), (0, "move"), (0, "up")], f"unexpected: {got}")
    check(got[0][2:] == (640, 400), f"the pointer does not start at the centre: {got}")
    check(got[1][2] > 640 and got[1][3] > 400 and got[2][2:] == got[1][2:], f"unexpected motion: {got}")


# --- kiosk run on the bochs card -----------------------------------------------------------
# `kiosk run --test-pattern`: colour bars along the UI's top edge (white, red, green, blue,
# an eighth of the height), a white corner mark at the UI's top-left, and a yellow dot of
# radius 24 under each finger, on a dark grey background.

PATTERN_BACKGROUND = (51, 51, 56)
DOT = (255, 204, 0)
BARS = [(255, 255, 255), (255, 0, 0), (0, 255, 0), (0, 0, 255)]


def close(a, b, tolerance):
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


def start_kiosk(board, flags="", probe=(640, 400), colour=PATTERN_BACKGROUND, tolerance=2,
                screen=None):
    """Starts `kiosk run` on the DRM card (the test pattern, or `screen` from
    board/qemu/screens); returns once the panel shows `colour` at `probe`."""
    what = f"/kiosk/screens/{screen}" if screen else "--test-pattern"
    board.run(f"kiosk run --display drm {what} {flags} > /tmp/kiosk.log 2> /tmp/kiosk.err & "
              "echo $! > /tmp/kiosk.pid")
    deadline = time.monotonic() + 60 * SLOWER
    while not close(board.screendump().pixel(*probe), colour, tolerance):
        _, alive = board.run("kill -0 $(cat /tmp/kiosk.pid) && echo alive", check=False)
        if "alive" not in alive or time.monotonic() > deadline:
            raise AssertionError(f"kiosk run showed no screen: {board.run('cat /tmp/kiosk.err')[1]}")
        time.sleep(0.3)


def stop_kiosk(board):
    """SIGTERM, then waits for the exit; returns kiosk run's stderr (its summary)."""
    board.run("kill -TERM $(cat /tmp/kiosk.pid); while kill -0 $(cat /tmp/kiosk.pid) 2>/dev/null; "
              "do sleep 0.1; done", timeout=30 * SLOWER)
    return board.run("cat /tmp/kiosk.err")[1]


def touch(board, name, script, flags="", background=False):
    """Plays a touch script with `kiosk touch` in the guest (in the background if asked)."""
    board.put(f"/tmp/{name}.touch", script)
    if background:
        board.run(f"kiosk touch {flags} /tmp/{name}.touch > /tmp/{name}.log 2>&1 & echo $! > /tmp/{name}.pid")
    else:
        board.run(f"kiosk touch {flags} /tmp/{name}.touch", timeout=60 * SLOWER)


def wait_for_pixel(board, point, colour, what, tolerance=2, timeout=15):
    deadline = time.monotonic() + timeout * SLOWER
    while not close(pixel := (screen := board.screendump()).pixel(*point), colour, tolerance):
        if time.monotonic() > deadline:
            save(board, screen, what.replace(" ", "-"))
            raise AssertionError(f"{what}: pixel {point} is {pixel}, expected {colour}")
        time.sleep(0.2)
    return screen


def save(board, screen, name):
    screen.write_png(os.path.join(board.workdir, f"{name}.png"))


def summary(stderr, name):
    return next((line for line in stderr.splitlines() if name in line), f"(no {name} line)")


@test
def pattern_dot_follows_the_finger(board):
    start_kiosk(board)
    idle = board.screendump()
    save(board, idle, "pattern-idle")
    for i, colour in enumerate(BARS):
        check(close(idle.pixel(160 + 320 * i, 50), colour, 2), f"bar {i} is {idle.pixel(160 + 320 * i, 50)}")
    check(close(idle.pixel(8, 140), (255, 255, 255), 2), "no corner mark at the top-left")
    touch(board, "hold", "0 down 0 640 500\n400 move 0 900 500\n1500 up 0\n1600 end\n", background=True)
    save(board, wait_for_pixel(board, (640, 500), DOT, "the dot under the finger"), "pattern-pressed")
    wait_for_pixel(board, (900, 500), DOT, "the dot following the finger")
    check(close(board.screendump().pixel(640, 500), PATTERN_BACKGROUND, 2), "the old dot stayed")
    wait_for_pixel(board, (900, 500), PATTERN_BACKGROUND, "the dot gone after the lift")
    stderr = stop_kiosk(board)
    print(f"    {summary(stderr, 'touch-to-flip')}")
    print(f"    {summary(stderr, 'start-up')}")


@test
def pattern_drops_the_touches_of_a_removed_touchscreen(board):
    """Killing `kiosk touch` mid-press removes its uinput device: the touch is cancelled."""
    start_kiosk(board)
    touch(board, "gone", "0 down 0 400 600\n20000 up 0\n20000 end\n", background=True)
    wait_for_pixel(board, (400, 600), DOT, "the dot under the finger")
    board.run("kill -TERM $(cat /tmp/gone.pid)")
    wait_for_pixel(board, (400, 600), PATTERN_BACKGROUND, "the dot gone with the device")
    stop_kiosk(board)


@test
def pattern_rotated_touch_follows_the_drawing(board):
    """--rotation 90: the UI is 800x1280 and its top edge (the bars) runs down the panel's
    right edge; UI point (400, 900) is panel (380, 400), and the dot is drawn there."""
    start_kiosk(board, "--rotation 90")
    idle = board.screendump()
    save(board, idle, "rotated-idle")
    for i, colour in enumerate(BARS):
        check(close(idle.pixel(1230, 100 + 200 * i), colour, 2),
              f"rotated bar {i} is {idle.pixel(1230, 100 + 200 * i)}")
    touch(board, "rot", "0 down 0 400 900\n1500 up 0\n1600 end\n", flags="--rotation 90", background=True)
    save(board, wait_for_pixel(board, (380, 400), DOT, "the rotated dot"), "rotated-pressed")
    stop_kiosk(board)


@test(core=True)
def sigterm_restores_the_console(board):
    """After SIGTERM the CRTC and the VT are back: fbcon's black console, not the pattern."""
    board.run("echo KIOSK-CONSOLE-MARKER > /dev/tty1")
    start_kiosk(board)
    stop_kiosk(board)
    time.sleep(0.5)
    after = board.screendump()
    save(board, after, "console-after")
    check(after.pixel(640, 400) == (0, 0, 0) and after.pixel(1230, 50) == (0, 0, 0),
          f"the console is not back after SIGTERM: {after.pixel(640, 400)}, {after.pixel(1230, 50)}")
    text = sum(1 for y in range(0, 200) for x in range(0, 400) if after.pixel(x, y)[0] > 128)
    check(text > 200, f"no console text after SIGTERM ({text} light pixels)")


@test(vga="cirrus")
def pattern_in_rgb565(board):
    """QEMU's cirrus card scans out RGB565 (bochs offers only 32-bit formats); its
    preferred mode is 1024x768."""
    start_kiosk(board, "--format RGB565", probe=(512, 400), tolerance=8)
    screen = board.screendump()
    save(board, screen, "rgb565")
    check((screen.width, screen.height) == (1024, 768), f"unexpected mode {screen.width}x{screen.height}")
    _, err = board.run("cat /tmp/kiosk.err")
    check("RGB565" in err, f"kiosk run did not report RGB565: {err}")
    for i, colour in enumerate(BARS):
        check(close(screen.pixel(128 + 256 * i, 40), colour, 8), f"bar {i} is {screen.pixel(128 + 256 * i, 40)}")
    touch(board, "dot565", "0 down 0 512 500\n1200 up 0\n1300 end\n", flags="--size 1024x768", background=True)
    wait_for_pixel(board, (512, 500), DOT, "the RGB565 dot", tolerance=8)
    wait_for_pixel(board, (512, 500), PATTERN_BACKGROUND, "the RGB565 dot gone", tolerance=8)
    stop_kiosk(board)


# --- kiosk run with a screen file (board/qemu/screens) ------------------------------------

BACKGROUND = (0xF2, 0xF2, 0xF7)


def event_log(board):
    _, text = board.run("cat /tmp/kiosk.log")
    return [json.loads(line) for line in text.splitlines() if line.startswith("{")]


def wait_for_log(board, predicate, what, timeout=15):
    deadline = time.monotonic() + timeout * SLOWER
    while not predicate(log := event_log(board)):
        check(time.monotonic() < deadline, f"the event log never showed {what}: {log}")
        time.sleep(0.3)
    return log


def changed_box(a, b, threshold=24, step=2):
    """The bounding box (x0, y0, x1, y1) of pixels that differ between two screens."""
    xs, ys = [], []
    for y in range(0, a.height, step):
        row = y * a.width * 3
        ra, rb = a.rgb[row:row + a.width * 3], b.rgb[row:row + a.width * 3]
        if ra == rb:
            continue
        for x in range(0, a.width, step):
            i = x * 3
            if max(abs(ra[i] - rb[i]), abs(ra[i + 1] - rb[i + 1]), abs(ra[i + 2] - rb[i + 2])) > threshold:
                xs.append(x)
                ys.append(y)
    return (min(xs), min(ys), max(xs), max(ys)) if xs else None


def inside(box, point):
    return box is not None and box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]


def kiosk_events(log, button=None):
    return [(e.get("button"), e["event"], e.get("cause")) for e in log if button is None or e.get("button") == button]


@test(core=True)
def screen_first_frame_equals_the_headless_render(board):
    """What the panel scans out once buttons.toml is up is, pixel for pixel, what
    `kiosk snapshot` renders headless on the same board with the same fonts."""
    board.run("kiosk snapshot /kiosk/screens/buttons.toml --out /tmp/headless.png", timeout=60 * SLOWER)
    headless = Screen.from_png(board.get("/tmp/headless.png"))
    save(board, headless, "headless")
    start_kiosk(board, screen="buttons.toml", probe=(100, 100), colour=START_FILL)
    panel = board.screendump()
    save(board, panel, "first-frame")
    check((panel.width, panel.height) == (headless.width, headless.height),
          f"the panel is {panel.width}x{panel.height}, the render {headless.width}x{headless.height}")
    check(panel.rgb == headless.rgb, f"the first frame differs from the headless render in {changed_box(headless, panel, threshold=0, step=1)}")
    print(f"    {summary(stop_kiosk(board), 'start-up')}")


@test(core=True)
def screen_taps_presses_and_swipes(board):
    """The idle look, the pressed look mid-press, a tap, a swipe to the other screen."""
    start_kiosk(board, screen="buttons.toml", probe=(4, 4), colour=BACKGROUND)
    idle = board.screendump()
    save(board, idle, "idle")
    check(close(idle.pixel(640, 780), BACKGROUND, 2), f"background is {idle.pixel(640, 780)}")
    check(changed_box(idle, board.screendump()) is None, "the idle screen changes by itself")

    touch(board, "hold", "0 down 0 330 210\n1500 up 0\n1500 end\n", background=True)
    wait_for_log(board, lambda log: ("start", "pressed", None) in kiosk_events(log), "start pressed")
    time.sleep(0.5)
    pressed = board.screendump()
    save(board, pressed, "pressed")
    box = changed_box(idle, pressed)
    check(inside(box, (330, 210)) and box[2] < 640 and box[3] < 400,
          f"the pressed look is not confined to the start button: changed {box}")
    log = wait_for_log(board, lambda log: ("start", "triggered", "tap") in kiosk_events(log), "the tap")
    check(kiosk_events(log, "start") == [("start", "pressed", None), ("start", "released", None),
                                         ("start", "triggered", "tap")], f"tap log: {log}")
    time.sleep(0.5)
    check(changed_box(idle, board.screendump()) is None, "the released button does not look idle again")

    touch(board, "swipe", "0 down 0 1150 590\n40 move 0 1050 590\n80 move 0 950 590\n"
                          "120 move 0 850 590\n160 up 0\n400 end\n")
    log = wait_for_log(board, lambda log: any(e.get("event") == "screen" for e in log), "the screen switch")
    check({"event": "swipe", "direction": "left"} in [{k: v for k, v in e.items() if k != "t_ms"} for e in log],
          f"no swipe left in {log}")
    time.sleep(0.5)
    settings = board.screendump()
    save(board, settings, "settings")
    check(changed_box(idle, settings) is not None, "the screen did not change after the swipe")
    stderr = stop_kiosk(board)
    print(f"    {summary(stderr, 'touch-to-flip')}")
    print(f"    {summary(stderr, 'start-up')}")


FLING = """
0   down 0 300 620
20  move 0 300 580
40  move 0 300 500
60  move 0 300 420
80  move 0 300 340
90  up 0
100 end
"""


@test
def demo_list_scrolls_with_a_fling(board):
    """The built-in demo's drinks list, flung with a uinput finger: the rows move on after
    the lift and come to rest elsewhere; the title above the list stays, nothing is ordered."""
    board.run("kiosk run --display drm > /tmp/kiosk.log 2> /tmp/kiosk.err & echo $! > /tmp/kiosk.pid")
    deadline = time.monotonic() + 60
    while board.run("kiosk ctl screen drinks", check=False)[0] != 0:
        check(time.monotonic() < deadline, f"the demo took no control request: {board.run('cat /tmp/kiosk.err')[1]}")
        time.sleep(0.5)
    wait_for_log(board, lambda log: {"event": "screen", "screen": "drinks"} in
                 [{k: v for k, v in e.items() if k != "t_ms"} for e in log], "the drinks screen")

    def settled():
        screen = board.screendump()
        for _ in range(60):
            time.sleep(0.5)
            again = board.screendump()
            if changed_box(screen, again) is None:
                return again
            screen = again
        raise AssertionError("the screen never came to rest")

    before = settled()
    save(board, before, "drinks-before-fling")
    touch(board, "fling", FLING)
    moving = board.screendump()
    after = settled()
    save(board, after, "drinks-after-fling")
    box = changed_box(before, after)
    check(box is not None, "the list did not move")
    check(box[1] >= 55 and box[3] <= 778, f"more than the list changed: {box}")
    check(changed_box(moving, after) is not None, "the list did not coast after the finger lifted")
    check(not any(e["event"] == "triggered" for e in event_log(board)), f"a fling ordered: {event_log(board)}")
    stop_kiosk(board)


@test
def screen_repeats_long_presses_and_cancels(board):
    start_kiosk(board, screen="buttons.toml", probe=(4, 4), colour=BACKGROUND)
    touch(board, "repeat", "0 down 0 950 210\n1050 up 0\n1100 end\n")
    touch(board, "long", "0 down 0 330 590\n800 up 0\n850 end\n")
    touch(board, "palm", "0 down 0 330 210\n300 cancel 0\n350 end\n")
    log = wait_for_log(board, lambda log: ("start", "cancelled", None) in kiosk_events(log), "the cancel")
    repeats = kiosk_events(log, "plus").count(("plus", "triggered", "repeat"))
    check(repeats >= 4, f"holding + for 1 s repeated {repeats} times: {log}")
    check(kiosk_events(log, "reset").count(("reset", "triggered", "longPress")) == 1, f"long press: {log}")
    check(("reset", "triggered", "tap") not in kiosk_events(log), "the long press also tapped")
    check(("start", "triggered", "tap") not in kiosk_events(log), f"a cancelled press triggered: {log}")
    print(f"    {summary(stop_kiosk(board), 'touch-to-flip')}")


def wake_ups(stderr):
    line = summary(stderr, "wake-ups:")
    check(line.split()[-1].isdigit(), f"kiosk run reported no wake-ups: {stderr}")
    return int(line.split()[-1])


@test
def screen_idle_means_no_wake_ups(board):
    """Two runs that differ only in idle time have the same number of wake-ups."""
    counts = []
    for idle in (1, 5):
        start_kiosk(board, screen="buttons.toml", probe=(4, 4), colour=BACKGROUND)
        time.sleep(idle)
        counts.append(wake_ups(stop_kiosk(board)))
    print(f"    wake-ups after 1 s and 5 s idle: {counts}")
    check(counts[1] - counts[0] <= 2, f"kiosk run wakes up while idle: {counts}")


@test
def screen_cancels_when_the_touchscreen_goes_away(board):
    """Killing `kiosk touch` mid-press removes its uinput device: the press is cancelled."""
    start_kiosk(board, screen="buttons.toml", probe=(4, 4), colour=BACKGROUND)
    touch(board, "gone", "0 down 0 330 210\n20000 up 0\n20000 end\n", background=True)
    wait_for_log(board, lambda log: ("start", "pressed", None) in kiosk_events(log), "start pressed")
    board.run("kill -TERM $(cat /tmp/gone.pid)")
    log = wait_for_log(board, lambda log: ("start", "cancelled", None) in kiosk_events(log), "the cancel")
    check(("start", "triggered", "tap") not in kiosk_events(log), f"the removed touch tapped: {log}")
    time.sleep(0.5)
    check(close(board.screendump().pixel(640, 780), BACKGROUND, 2), "the screen is gone")
    stop_kiosk(board)


@test(core=True)
def screen_rotated_touch_follows_the_drawing(board):
    """rotation = 90: the UI is 800x1280; the start button's cell centre, UI (210, 330),
    is panel (950, 210), and that is where the pressed look shows."""
    start_kiosk(board, screen="rotated.toml", probe=(4, 4), colour=BACKGROUND)
    idle = board.screendump()
    save(board, idle, "rotated-idle")
    touch(board, "rot", "0 down 0 210 330\n1500 up 0\n1500 end\n", flags="--rotation 90", background=True)
    wait_for_log(board, lambda log: ("start", "pressed", None) in kiosk_events(log), "start pressed")
    time.sleep(0.5)
    pressed = board.screendump()
    save(board, pressed, "rotated-pressed")
    box = changed_box(idle, pressed)
    check(inside(box, (950, 210)) and box[0] > 640 and box[3] < 400,
          f"the rotated pressed look is not at panel (950, 210): changed {box}")
    wait_for_log(board, lambda log: ("start", "triggered", "tap") in kiosk_events(log), "the tap")
    stop_kiosk(board)


@test
def screen_rotated_board_profile_takes_a_panel_touch_to_the_button_drawn_there(board):
    """The shipped rpi4-dsi-7inch profile (a panel mounted upside down: rotation 180 and its
    calibration) on the bochs card, whose KMS driver, connector and mode the flags give: the UI is drawn
    turned a half turn, and a touch in panel coordinates (`kiosk touch` without --rotation)
    where start is drawn, panel (950, 590), triggers start and nothing else."""
    # Its font_dir is where a deployment keeps the fonts; this board keeps them in /kiosk/fonts
    # (a font directory that does not exist stops the kiosk).
    with open(os.path.join(REPO, "board", "profiles", "rpi4-dsi-7inch.toml")) as f:
        board.put("/tmp/rpi4.toml", f.read().replace('"/opt/kiosk/current/fonts"', '"/kiosk/fonts"'))
    start_kiosk(board, "--board /tmp/rpi4.toml --driver bochs-drm --connector Virtual-1 --mode 1280x800", screen="buttons.toml",
                probe=(WIDTH - 4, HEIGHT - 4), colour=BACKGROUND)
    idle = board.screendump()
    save(board, idle, "profile-rotated-idle")
    check(close(idle.pixel(WIDTH - 100, HEIGHT - 100), START_FILL, 2) and close(idle.pixel(100, 100), BACKGROUND, 2),
          f"start is not drawn turned (bottom-right): {idle.pixel(WIDTH - 100, HEIGHT - 100)}, {idle.pixel(100, 100)}")
    touch(board, "panel", "0 down 0 950 590\n1500 up 0\n1500 end\n", background=True)
    wait_for_log(board, lambda log: ("start", "pressed", None) in kiosk_events(log), "start pressed")
    time.sleep(0.5)
    pressed = board.screendump()
    save(board, pressed, "profile-rotated-pressed")
    box = changed_box(idle, pressed)
    check(inside(box, (950, 590)) and box[0] > 640 and box[1] > 400,
          f"the pressed look is not where the finger is, panel (950, 590): changed {box}")
    log = wait_for_log(board, lambda log: ("start", "triggered", "tap") in kiosk_events(log), "the tap")
    check({e[0] for e in kiosk_events(log)} == {"start"}, f"a button other than start saw the touch: {log}")
    stop_kiosk(board)


# --- The panel and the console under the kiosk ------------------------------------------------
# The bochs connector cannot be unplugged, but its sysfs status can be forced off and on;
# a "change" uevent on the card then is what the kernel sends for a real hotplug.
CONNECTOR = "/sys/class/drm/card0-Virtual-1/status"
CARD_UEVENT = "/sys/class/drm/card0/uevent"
START_FILL = (0, 122, 255)  # buttons.toml's start button, away from its title


def hotplug(board, status):
    board.run(f"echo {status} > {CONNECTOR}; echo change > {CARD_UEVENT}")


def wait_for_err(board, text, timeout=15):
    deadline = time.monotonic() + timeout
    while text not in (err := board.run("cat /tmp/kiosk.err")[1]):
        check(time.monotonic() < deadline, f"kiosk run never said {text!r}: {err}")
        time.sleep(0.2)


@test
def vt_switch_drops_master_and_repaints(board):
    """chvt 2 asks the kiosk (VT_PROCESS) to let go: it drops DRM master and fbcon shows
    tty2; chvt 1 gives the VT back and the kiosk repaints the whole panel."""
    start_kiosk(board, screen="buttons.toml", probe=(100, 100), colour=START_FILL)
    board.run("chvt 2")
    wait_for_err(board, "switched away")
    wait_for_pixel(board, (100, 100), (0, 0, 0), "tty2's console")
    board.run("chvt 1")
    wait_for_err(board, "switched back")
    wait_for_pixel(board, (100, 100), START_FILL, "the kiosk after switching back")
    touch(board, "after-vt", "0 down 0 330 210\n100 up 0\n100 end\n")
    wait_for_log(board, lambda log: ("start", "triggered", "tap") in kiosk_events(log), "a tap after the switch")
    stop_kiosk(board)


@test
def a_locked_vt_stays_and_its_keyboard_is_off(board):
    """--lock-vt: chvt cannot switch away; keys typed on the board's keyboard (QEMU's PS/2,
    through the monitor) reach no reader of the kiosk's VT until the kiosk exits."""
    start_kiosk(board, "--lock-vt", screen="buttons.toml", probe=(100, 100), colour=START_FILL)
    board.run("cat /dev/tty1 > /tmp/typed & echo $! > /tmp/cat.pid")
    try:
        for key in ("a", "ret"):
            board.monitor_command(f"sendkey {key}")
        # chvt waits for the switch, which never comes.
        board.run("timeout 2 chvt 2", check=False)
        check(board.run("cat /tmp/typed")[1] == "", "a keystroke reached the kiosk's VT")
        check("switched away" not in board.run("cat /tmp/kiosk.err")[1], "a locked VT switched away")
        check(close(board.screendump().pixel(100, 100), START_FILL, 2), "the kiosk is no longer shown")
        stop_kiosk(board)
        for key in ("b", "ret"):
            board.monitor_command(f"sendkey {key}")
        time.sleep(1)
        check("b" in board.run("cat /tmp/typed")[1], "the keyboard stayed off after the kiosk exited")
    finally:
        board.run("kill $(cat /tmp/cat.pid)", check=False)


# --- Accessibility: speech on the sound card, a keypad, a headphone jack -----------------------
def loud(samples, level=1000):
    return sum(1 for s in samples if abs(s) > level)


@test
def accessibility_explore_touch_is_spoken_on_the_sound_card(board):
    """--accessibility explore --speech-out alsa: a uinput touch on a button announces it;
    QEMU's intel-hda records what the guest played, and it is speech, not silence."""
    start_kiosk(board, "--accessibility explore --speech-out alsa", screen="buttons.toml", probe=(100, 100),
                colour=START_FILL)
    check("speech: playing on ALSA device default" in board.run("cat /tmp/kiosk.err")[1],
          f"no ALSA speech: {board.run('cat /tmp/kiosk.err')[1]}")
    wait_for_log(board, lambda log: {"event": "speak", "text": "Screen reader on"} in
                 [{k: e[k] for k in ("event", "text") if k in e} for e in log], "Screen reader on")
    time.sleep(2)  # "Screen reader on" plays out
    before = board.sound_bytes()
    touch(board, "explore", "0 down 0 330 210\n300 up 0\n300 end\n")
    wait_for_log(board, lambda log: any(e.get("text") == "Start, button" for e in log), "the touch's speech")
    deadline = time.monotonic() + 15
    while loud(board.sound_samples(before)) < 2000:
        check(time.monotonic() < deadline,
              f"the sound card played no speech after the touch: {loud(board.sound_samples(before))} loud samples")
        time.sleep(0.5)
    print(f"    speech after the touch: {loud(board.sound_samples(before))} loud samples of "
          f"{len(board.sound_samples(before))} in {board.sound_path}")
    check(not any(e["event"] == "triggered" for e in event_log(board)), "an explore touch pressed a button")
    stop_kiosk(board)


@test
def accessibility_keypad_moves_the_focus_ring_and_presses(board):
    """Tab, Tab, Enter on a uinput keypad (through libinput, with the VT's keyboard off):
    the focus ring goes to the second button, which Enter presses."""
    start_kiosk(board, screen="buttons.toml", probe=(100, 100), colour=START_FILL)
    idle = board.screendump()
    touch(board, "keys", "0 key tab\n400 key tab\n800 key enter\n1000 end\n")
    log = wait_for_log(board, lambda log: ("plus", "triggered", "accessibility") in kiosk_events(log), "Enter's press")
    check([e["text"] for e in log if e["event"] == "speak"][:2] == ["Start, button", "+, button"],
          f"the focus did not move start, plus: {log}")
    ringed = board.screendump()
    save(board, ringed, "keypad-focus-ring")
    box = changed_box(idle, ringed)
    check(inside(box, (950, 210)) and box[0] > 640 and box[3] < 400,
          f"the focus ring is not around the plus button (950, 210): changed {box}")
    stop_kiosk(board)


@test
def accessibility_headphone_jack_turns_the_screen_reader_on(board):
    """A uinput switch device with SW_HEADPHONE_INSERT: headphones in switch explore by touch
    on; out, the mode from before (standard) comes back."""
    board.run("kiosk headphones --after 6 --hold 3 > /tmp/jack.log 2>&1 & echo $! > /tmp/jack.pid")
    deadline = time.monotonic() + 20
    while "/dev/input/event" not in board.run("cat /tmp/jack.log")[1]:
        check(time.monotonic() < deadline, "kiosk headphones did not create its jack")
        time.sleep(0.2)
    start_kiosk(board, screen="buttons.toml", probe=(100, 100), colour=START_FILL)
    check("headphones: watching" in board.run("cat /tmp/kiosk.err")[1],
          f"the kiosk does not watch the jack: {board.run('cat /tmp/kiosk.err')[1]}")
    said = lambda log: [e["text"] for e in log if e["event"] == "speak"]  # noqa: E731
    wait_for_log(board, lambda log: said(log)[-1:] == ["Screen reader off"], "the jack's plug and unplug", timeout=30)
    check(said(event_log(board)) == ["Screen reader on", "Screen reader off"], f"unexpected speech: {event_log(board)}")
    stop_kiosk(board)


@test
def a_second_kiosk_is_told_the_display_is_taken(board):
    start_kiosk(board, screen="buttons.toml", probe=(100, 100), colour=START_FILL)
    status, output = board.run("kiosk run --display drm /kiosk/screens/buttons.toml 2>&1", check=False)
    check(status != 0 and "another process is DRM master" in output, f"second kiosk: {status} {output}")
    check(close(board.screendump().pixel(100, 100), START_FILL, 2), "the first kiosk lost the panel")
    stop_kiosk(board)

@test
def the_panel_can_come_late_go_away_and_come_back(board):
    """Started with the connector unplugged, the kiosk waits; plugged, it modesets; gone,
    it stops flipping; back, it modesets and repaints."""
    board.run(f"echo off > {CONNECTOR}")
    try:
        board.run("kiosk run --display drm /kiosk/screens/buttons.toml > /tmp/kiosk.log 2> /tmp/kiosk.err & "
                  "echo $! > /tmp/kiosk.pid")
        wait_for_err(board, "waiting for a panel")
        hotplug(board, "on")
        wait_for_pixel(board, (100, 100), START_FILL, "the kiosk once the panel is plugged in", timeout=30)
        hotplug(board, "off")
        wait_for_err(board, "Virtual-1 disconnected")
        hotplug(board, "detect")
        wait_for_err(board, "Virtual-1 connected; repainting")
        wait_for_pixel(board, (100, 100), START_FILL, "the kiosk after the panel came back")
        touch(board, "after-plug", "0 down 0 330 210\n100 up 0\n100 end\n")
        wait_for_log(board, lambda log: ("start", "triggered", "tap") in kiosk_events(log), "a tap after replug")
        stop_kiosk(board)
    finally:
        board.run(f"echo detect > {CONNECTOR}")


@test(core=True)
def a_crash_restores_the_console(board):
    """SIGSEGV: the fatal-signal handler puts the CRTC and the VT back and writes the stack
    from the frame pointers, then the process dies of the signal as it would have."""
    board.run("echo KIOSK-CRASH-MARKER > /dev/tty1")
    start_kiosk(board, screen="buttons.toml", probe=(100, 100), colour=START_FILL)
    board.run("kill -SEGV $(cat /tmp/kiosk.pid); while kill -0 $(cat /tmp/kiosk.pid) 2>/dev/null; do sleep 0.1; done")
    time.sleep(0.5)
    after = wait_for_pixel(board, (100, 100), (0, 0, 0), "the console after the crash")
    save(board, after, "console-after-crash")
    text = sum(1 for y in range(0, 200) for x in range(0, 400) if after.pixel(x, y)[0] > 128)
    check(text > 200, f"no console text after the crash ({text} light pixels)")
    err = board.run("cat /tmp/kiosk.err")[1]
    frames = [line for line in err.splitlines() if line.lstrip().startswith("#") and "outside" not in line]
    check("kiosk: fatal signal 11; frames" in err and len(frames) >= 3,
          f"no stack of the kiosk's own frames after the crash: {err[-600:]}")


def main():
    global SLOWER
    started = time.monotonic()
    only = sys.argv[sys.argv.index("-k") + 1] if "-k" in sys.argv else None
    arch = sys.argv[sys.argv.index("--arch") + 1] if "--arch" in sys.argv else "amd64"
    if arch not in ("amd64", "arm64"):
        print(f"e2e: unknown architecture {arch} (amd64 or arm64)")
        return 2
    SLOWER = 4 if arch == "arm64" else 1
    artifacts = os.environ.get("KIOSK_BOARD_ARTIFACTS") or tempfile.mkdtemp(prefix="kiosk-e2e-")
    os.makedirs(artifacts, exist_ok=True)
    cache = subprocess.run([os.path.join(HERE, "build-image.sh"), arch], check=True,
                           stdout=subprocess.PIPE, text=True).stdout.strip().splitlines()[-1]
    built = time.monotonic()
    print(f"virtual board image ({arch}): {built - started:.1f} s")
    passed = failed = 0
    selected = [(f, vga) for f, vga, core in TESTS
                if (not only or only in f.__name__) and (core or arch == "amd64")]
    for kind in dict.fromkeys(vga for _, vga in selected):
        with VirtualBoard(cache, workdir=os.path.join(artifacts, kind), vga=kind, sound=kind == "std" and arch == "amd64",
                          arch=arch) as board:
            print(f"virtual board ({arch}, {kind} VGA): boot {board.boot_seconds:.1f} s")
            for function, vga in selected:
                if vga != kind:
                    continue
                t0 = time.monotonic()
                try:
                    function(board)
                    passed += 1
                    print(f"PASS {function.__name__} ({time.monotonic() - t0:.1f} s)")
                except (AssertionError, BoardError) as error:
                    failed += 1
                    print(f"FAIL {function.__name__}: {error}")
                    traceback.print_exc(limit=3)
                    try:
                        board.run("killall kiosk; true", check=False)
                    except BoardError:
                        pass
    print(f"virtual board suite: {time.monotonic() - started:.1f} s "
          f"(tests {time.monotonic() - built:.1f} s); artifacts in {artifacts}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
