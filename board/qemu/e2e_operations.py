#!/usr/bin/env python3
"""The virtual board's operations tests (issue 8): the control socket and `kiosk ctl`,
button actions, idle blanking (DPMS) and touch calibration, on the bochs card with
`kiosk touch`. Same harness and helpers as e2e.py.

Usage: board/qemu/e2e_operations.py [-k NAME]
"""
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import e2e  # noqa: E402
from e2e import BACKGROUND, changed_box, check, close, inside, save, start_kiosk, stop_kiosk, touch  # noqa: E402

e2e.TESTS.clear()
test = e2e.test

SCREEN = """
[display]
background = "#F2F2F7"
[[screens]]
id = "main"
columns = 2
spacing = 40
padding = 40
[[screens.buttons]]
id = "tap"
title = "Tap"
style = "borderedProminent"
size = "large"
exec = ["/bin/sh", "-c", "echo $KIOSK_BUTTON on $KIOSK_SCREEN > /tmp/ran; exit 4"]
[[screens.buttons]]
id = "other"
title = "Other"
style = "bordered"
size = "large"
"""
# Cell centres (padding 40, spacing 40, 2 columns, 1 row): tap (330, 400), other (950, 400).
TAP = (330, 400)
SOCKET = "/run/kiosk/control.sock"


def start(board, flags=""):
    board.put("/kiosk/screens/ops.toml", SCREEN)
    start_kiosk(board, screen="ops.toml", probe=(4, 4), colour=BACKGROUND, flags=flags)


def lines(board, path):
    _, text = board.run(f"cat {path}", check=False)
    return [line for line in text.splitlines() if line.startswith("{")]


def wait_for(board, path, needle, what, timeout=15):
    deadline = time.monotonic() + timeout
    while True:
        got = lines(board, path)
        if any(needle in line for line in got):
            return got
        check(time.monotonic() < deadline, f"{what}: {path} has {got}")
        time.sleep(0.3)


@test
def control_socket_subscribe_set_snapshot_stats(board):
    """subscribe sees a tap played with kiosk touch; set changes the screendump; the
    button's exec runs with its environment and its failure is logged."""
    start(board)
    board.run(f"kiosk ctl subscribe > /tmp/sub.log 2>&1 & echo $! > /tmp/sub.pid")
    wait_for(board, "/tmp/sub.log", '"subscribed":true', "subscribe reply")
    _, mode = board.run(f"ls -l {SOCKET}")
    check(mode.startswith("srw-rw----"), f"socket mode: {mode}")
    touch(board, "tap", f"0 down 0 {TAP[0]} {TAP[1]}\n80 up 0\n300 end\n")
    got = wait_for(board, "/tmp/sub.log", '"triggered"', "the tap through subscribe")
    check([re.sub(r'"t_ms":[0-9.]+,', "", line) for line in got[1:4]] == [
        '{"button":"tap","event":"pressed"}', '{"button":"tap","event":"released"}',
        '{"button":"tap","event":"triggered","cause":"tap"}'], f"subscriber saw {got}")
    deadline = time.monotonic() + 10
    while "tap on main" not in board.run("cat /tmp/ran", check=False)[1]:
        check(time.monotonic() < deadline, "the exec action did not run")
        time.sleep(0.3)
    e2e.wait_for_err(board, "failed: exit status 4")

    time.sleep(0.5)
    before = board.screendump()
    _, reply = board.run("kiosk ctl set tap --title 'Changed from the socket'")
    check(reply.strip() == '{"ok":true}', f"set replied {reply}")
    status, reply = board.run("kiosk ctl set nope --title x", check=False)
    check(status == 1 and '"ok":false' in reply and "unknown button" in reply, f"unknown button: {status} {reply}")
    time.sleep(0.5)
    after = board.screendump()
    save(board, after, "after-set")
    box = changed_box(before, after)
    check(inside(box, TAP) and box[2] < 640, f"set did not change just the tap button: {box}")
    _, reply = board.run("kiosk ctl set other --hidden true")
    time.sleep(0.5)
    hidden = board.screendump()
    check(close(hidden.pixel(950, 400), BACKGROUND, 2), f"hidden button still drawn: {hidden.pixel(950, 400)}")
    _, reply = board.run("kiosk ctl snapshot /tmp/now.png && ls -l /tmp/now.png")
    check('"width":1280' in reply and "now.png" in reply, f"snapshot: {reply}")
    _, stats = board.run("kiosk ctl stats")
    print(f"    stats: {stats.strip()}")
    check('"latency_samples":' in stats and '"rss_kb":' in stats, f"stats: {stats}")
    board.run("kill -USR1 $(cat /tmp/kiosk.pid)")
    e2e.wait_for_err(board, "frame grab: wrote /tmp/kiosk-frame.png")
    board.run("kill $(cat /tmp/sub.pid)", check=False)
    print(f"    {e2e.summary(stop_kiosk(board), 'first frame: ')}")


@test
def idle_blanking_turns_the_panel_off_and_the_waking_touch_presses_nothing(board):
    start(board, flags="--idle-seconds 2")
    board.run(f"kiosk ctl subscribe > /tmp/idle-sub.log 2>&1 &")
    e2e.wait_for_err(board, "idle: panel blanked")
    _, err = board.run("cat /tmp/kiosk.err")
    print(f"    {e2e.summary(err, 'idle: panel blanked')}")
    dark = board.screendump()
    save(board, dark, "blanked")
    check(all(close(dark.pixel(x, y), (0, 0, 0), 8) for x, y in [(4, 4), TAP, (950, 400)]),
          f"the blanked panel is not dark: {dark.pixel(*TAP)}")
    # The waking tap, then a tap 600 ms later: only the second reaches the button.
    touch(board, "wake", f"0 down 0 {TAP[0]} {TAP[1]}\n80 up 0\n600 down 0 {TAP[0]} {TAP[1]}\n680 up 0\n700 end\n")
    lit = board.screendump()
    save(board, lit, "woken")
    check(close(lit.pixel(4, 4), BACKGROUND, 2), f"not lit again: {lit.pixel(4, 4)}")
    e2e.wait_for_err(board, "idle: panel woken")
    got = wait_for(board, "/tmp/idle-sub.log", '"triggered"', "the tap after the waking one")
    presses = [line for line in got if '"pressed"' in line]
    check(len(presses) == 1 and "triggered" in got[-1], f"the waking touch reached the button: {got}")
    board.run("killall kiosk; true", check=False)
    time.sleep(0.5)


SKEW = "0.04 1.07 -0.05 0.96 -0.03 0.02"
TARGETS = [(128, 80), (1152, 80), (1152, 720), (128, 720), (640, 400)]


def taps(points, gap=700):
    return "".join(f"{i * gap} down 0 {x} {y}\n{i * gap + 80} up 0\n" for i, (x, y) in enumerate(points)) \
        + f"{len(points) * gap} end\n"


@test
def calibration_of_a_skewed_swapped_touchscreen_lands_within_2_px(board):
    board.put("/tmp/vboard.toml", '# the virtual board\nconnector = "Virtual-1"\ncalibration = [1, 0, 0, 0, 1, 0]\n')
    board.run("cd /tmp && kiosk calibrate --display drm --yes --board /tmp/vboard.toml "
              "> /tmp/cal.out 2> /tmp/cal.err & echo $! > /tmp/cal.pid")
    time.sleep(2)
    touch(board, "cal", taps(TARGETS), flags=f"--needs-calibration '{SKEW}'")
    deadline = time.monotonic() + 20
    while board.run("kill -0 $(cat /tmp/cal.pid) 2>/dev/null && echo running", check=False)[1].strip() == "running":
        check(time.monotonic() < deadline, f"calibrate did not finish: {board.run('cat /tmp/cal.err')[1]}")
        time.sleep(0.3)
    _, out = board.run("cat /tmp/cal.out /tmp/vboard.toml")
    print("    " + out.strip().replace("\n", "\n    "))
    matrix = re.search(r"calibration: (.*)", out).group(1)
    e2e.start_watch(board, "/tmp/watch-calibrated.log", 15, flags=f"--calibration='{matrix}'")
    touch(board, "check", taps(TARGETS, gap=300), flags=f"--needs-calibration '{SKEW}'")
    time.sleep(0.5)
    downs = [(e[2], e[3]) for e in e2e.events(e2e.watch_frames(board, "/tmp/watch-calibrated.log")) if e[1] == "down"]
    e2e.stop_watch(board)
    errors = [((x - tx) ** 2 + (y - ty) ** 2) ** 0.5 for (x, y), (tx, ty) in zip(downs, TARGETS)]
    print(f"    after calibration, px from each target: {[round(e, 2) for e in errors]}")
    check(len(downs) == len(TARGETS) and max(errors) <= 2, f"touches {downs} vs targets {TARGETS}")


if __name__ == "__main__":
    sys.exit(e2e.main())
