#!/usr/bin/env python3
"""The virtual board's replay tests: each recording of board/qemu/recordings is played
with `kiosk replay` (a uinput device made with the recorded capabilities, the recorded
frames at their recorded times) against `kiosk run screens/buttons.toml` on the bochs
card, and the kiosk's event log is checked: the expected button triggered, no press left
open, the palm ignored, the removed device's press cancelled, ten fingers handled.
Same harness and helpers as e2e.py.

Usage: board/qemu/replay.py [-k NAME]
"""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import e2e  # noqa: E402
from e2e import BACKGROUND, check, event_log, kiosk_events, start_kiosk, stop_kiosk  # noqa: E402

e2e.TESTS.clear()
test = e2e.test
RECORDINGS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "recordings")
# buttons.toml's cells: start (330, 210), plus (950, 210), reset (330, 590), empty (950, 590).
UPSIDE_DOWN = "-1 0 1 0 -1 1"


def start(board, flags=""):
    start_kiosk(board, screen="buttons.toml", probe=(4, 4), colour=BACKGROUND, flags=flags)


def replay(board, name):
    """Plays a recording in the guest (to its end and the devices' removal); returns the
    event log entries it caused."""
    with open(os.path.join(RECORDINGS, name)) as f:
        board.put(f"/tmp/{name}", f.read())
    before = len(event_log(board))
    _, output = board.run(f"kiosk replay /tmp/{name} 2>&1", timeout=60)
    check("/dev/input/event" in output, f"kiosk replay made no device: {output}")
    time.sleep(1.0)
    return event_log(board)[before:]


def open_presses(log):
    """Buttons pressed and neither released nor cancelled since."""
    held = set()
    for button, event, _ in kiosk_events(log):
        if event == "pressed":
            held.add(button)
        elif event in ("released", "cancelled"):
            held.discard(button)
    return held


def triggered(log, button):
    return [cause for b, event, cause in kiosk_events(log) if b == button and event == "triggered"]


@test
def single_touch_panel_taps(board):
    """BTN_TOUCH + ABS_X/ABS_Y/ABS_PRESSURE over 200...3900 x 150...3950, no slots."""
    start(board)
    log = replay(board, "single-touch-resistive.yml")
    stop_kiosk(board)
    check(triggered(log, "start") == ["tap"] and triggered(log, "plus") == ["tap"], f"log: {log}")
    check(not open_presses(log), f"presses left open: {open_presses(log)} in {log}")


@test
def reused_tracking_ids_are_new_contacts(board):
    start(board)
    log = replay(board, "tracking-id-reuse.yml")
    stop_kiosk(board)
    check(triggered(log, "start") == ["tap", "tap"] and triggered(log, "plus") == ["tap"], f"log: {log}")
    check(not open_presses(log), f"presses left open: {open_presses(log)} in {log}")


@test
def a_palm_is_ignored(board):
    """A contact that lands as MT_TOOL_PALM on start never presses it; the finger beside
    it taps +. A finger that turns into a palm (recorded from kiosk touch's cancel) cancels."""
    start(board)
    log = replay(board, "palm-from-the-start.yml")
    check(("start", "pressed", None) not in kiosk_events(log), f"the palm pressed start: {log}")
    check(triggered(log, "plus") == ["tap"], f"the finger beside the palm did not tap +: {log}")
    log = replay(board, "palm-cancel.yml")
    stop_kiosk(board)
    check(kiosk_events(log, "start") == [("start", "pressed", None), ("start", "cancelled", None)],
          f"a finger turned palm is not cancelled: {log}")
    check(not open_presses(log), f"presses left open: {open_presses(log)} in {log}")


@test
def a_removed_device_cancels_its_press(board):
    """Recorded while `kiosk touch` was killed mid-press: the slot never lifts; the replay
    removes the device with it down, and the press is cancelled, never stuck or tapped."""
    start(board)
    log = replay(board, "removed-mid-press.yml")
    stop_kiosk(board)
    check(kiosk_events(log, "start") == [("start", "pressed", None), ("start", "cancelled", None)],
          f"the removed device's press: {log}")


@test
def ten_fingers_are_handled(board):
    """Ten fingers on start, +, reset and around, lifted in turn; then one tap on +."""
    start(board)
    log = replay(board, "ten-fingers.yml")
    _, alive = board.run("kill -0 $(cat /tmp/kiosk.pid) && echo alive", check=False)
    stop_kiosk(board)
    check("alive" in alive, "the kiosk died")
    check(not open_presses(log), f"presses left open: {open_presses(log)} in {log}")
    check(kiosk_events(log)[-3:] == [("plus", "pressed", None), ("plus", "released", None), ("plus", "triggered", "tap")],
          f"the tap after ten fingers: {log}")


@test
def inverted_axes_need_their_calibration(board):
    """Both axes reported backwards: uncalibrated the tap meant for start lands in the
    empty cell; with the half-turn matrix it lands on start."""
    start(board)
    log = replay(board, "inverted-axes.yml")
    stop_kiosk(board)
    check(kiosk_events(log) == [], f"the uncalibrated tap hit a button: {log}")
    start(board, f"--calibration='{UPSIDE_DOWN}'")
    log = replay(board, "inverted-axes.yml")
    stop_kiosk(board)
    check(triggered(log, "start") == ["tap"] and not open_presses(log), f"the calibrated tap: {log}")


@test
def a_replayed_device_records_as_the_original(board):
    """libinput record on the replayed device writes down the capabilities it was made
    with (the same uinput setup in `kiosk replay --dry-run`) and the recorded timing (the
    same span from the first frame to the last, never shorter and at most 500 ms longer:
    TCG on a loaded host stalls at times), for every recording."""
    for name in sorted(os.listdir(RECORDINGS)):
        with open(os.path.join(RECORDINGS, name)) as f:
            board.put(f"/tmp/{name}", f.read())
        # The delay lets libinput record (slow to start on a loaded TCG host) open the device first.
        board.run(f"kiosk replay --delay 5000 /tmp/{name} > /tmp/replay.log 2>&1 & echo $! > /tmp/replay.pid")
        deadline = time.monotonic() + 30
        while "/dev/input/event" not in (text := board.run("cat /tmp/replay.log")[1]):
            check(time.monotonic() < deadline, f"kiosk replay made no device: {text}")
            time.sleep(0.2)
        node = text.split("/dev/input/event")[1].split()[0]
        board.run(f"libinput record -o /tmp/again.yml /dev/input/event{node} > /tmp/record.log 2>&1 & "
                  "echo $! > /tmp/record.pid")
        while "events:" not in board.run("cat /tmp/again.yml 2>/dev/null", check=False)[1]:
            check(time.monotonic() < deadline, f"libinput record did not start: {board.run('cat /tmp/record.log')[1]}")
            time.sleep(0.2)
        board.run("while kill -0 $(cat /tmp/replay.pid) 2>/dev/null; do sleep 0.2; done", timeout=60)
        board.run("kill -INT $(cat /tmp/record.pid) 2>/dev/null; "
                  "while kill -0 $(cat /tmp/record.pid) 2>/dev/null; do sleep 0.1; done", timeout=30)
        _, original = board.run(f"kiosk replay --dry-run /tmp/{name}")
        _, again = board.run("kiosk replay --dry-run /tmp/again.yml")
        setup = [line for line in original.splitlines() if line.startswith("  ")]
        check(setup and setup == [line for line in again.splitlines() if line.startswith("  ")],
              f"{name}: the replayed device records differently:\n{original}\n---\n{again}")
        times = [[float(line.split()[0]) for line in text.splitlines() if " device 0: " in line]
                 for text in (original, again)]
        check(times[1], f"{name}: libinput record saw no frame of the replay")
        # The kernel drops events that change nothing (and frames left empty), so only the
        # spans from the first frame to the last are compared. kiosk replay keeps the gaps
        # between frames, so a late frame (a TCG guest on a loaded host stalls at times)
        # only lengthens the span; it is never shorter.
        check(times[0][-1] - 0.02 <= times[1][-1] < times[0][-1] + 0.5,
              f"{name}: the replay spans {times[1][-1]:.3f} s, the recording {times[0][-1]:.3f} s:\n{again}")
        print(f"    {name}: the recording spans {times[0][-1]:.3f} s, its replay {times[1][-1]:.3f} s")

if __name__ == "__main__":
    sys.exit(e2e.main())
