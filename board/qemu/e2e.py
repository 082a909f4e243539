#!/usr/bin/env python3
"""The virtual board's end-to-end test: boots a real kernel under QEMU (bochs DRM card,
uinput, evdev, udev, libinput), drives it with `kiosk touch` inside the guest, and checks
what comes out: libinput's frames, the kiosk's event log, and the panel seen from
outside through the QEMU monitor's screendump.

Usage: board/qemu/e2e.py [-k NAME]     (builds the image first; prints the time taken)
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
from vboard import BoardError, VirtualBoard  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
WIDTH, HEIGHT = 1280, 800

TESTS = []


def test(function=None, vga="std"):
    """Registers a test; `vga` picks the board it runs on (one boot per kind)."""
    def register(function):
        TESTS.append((function, vga))
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
    board.put("/tmp/hold.touch", "0 down 0 10 10\n1500 up 0\n1500 end\n")
    board.run("kiosk touch --device-name 'Board panel' /tmp/hold.touch > /tmp/hold.log 2>&1 &")
    deadline = time.monotonic() + 20
    while "event" not in board.run("cat /tmp/hold.log")[1]:
        check(time.monotonic() < deadline, "kiosk touch did not create its device")
        time.sleep(0.2)
    node = board.run("cat /tmp/hold.log")[1].split()[2]
    _, udev = board.run(f"udevadm info {node}")
    check("ID_INPUT_TOUCHSCREEN=1" in udev, f"udev did not tag {node} a touchscreen:\n{udev}")
    _, listing = board.run("kiosk devices")
    check(f'{node}  "Board panel"  touch' in listing, f"kiosk devices does not list it:\n{listing}")
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


def main():
    started = time.monotonic()
    only = sys.argv[sys.argv.index("-k") + 1] if "-k" in sys.argv else None
    artifacts = os.environ.get("KIOSK_BOARD_ARTIFACTS") or tempfile.mkdtemp(prefix="kiosk-e2e-")
    os.makedirs(artifacts, exist_ok=True)
    cache = subprocess.run([os.path.join(HERE, "build-image.sh")], check=True,
                           stdout=subprocess.PIPE, text=True).stdout.strip().splitlines()[-1]
    built = time.monotonic()
    print(f"virtual board image: {built - started:.1f} s")
    passed = failed = 0
    selected = [(f, vga) for f, vga in TESTS if not only or only in f.__name__]
    for kind in dict.fromkeys(vga for _, vga in selected):
        with VirtualBoard(cache, workdir=os.path.join(artifacts, kind), vga=kind) as board:
            print(f"virtual board ({kind} VGA): boot {board.boot_seconds:.1f} s")
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
