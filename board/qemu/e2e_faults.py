#!/usr/bin/env python3
"""Faults on the virtual board, each with the outcome it must have: DRM master taken away
mid-flip, the touchscreen removed mid-press and plugged in again, the panel unplugged
mid-animation, and a full disk under the frame grab, a snapshot and a calibration. Same
harness and helpers as e2e.py. (SIGSTOP past the watchdog needs systemd: deploy/e2e_faults.py.)

The panel's unplug is the kernel's, not QEMU's: neither bochs nor cirrus can report a
disconnected connector (QEMU has no monitor command for it), and removing the VGA PCI
device is a GPU going away, not a panel. Forcing the connector's sysfs status and sending
the card's change uevent is what the kernel does for a real hotplug.

Usage: board/qemu/e2e_faults.py [-k NAME]
"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import e2e  # noqa: E402
import guest_tools  # noqa: E402
from e2e import (BACKGROUND, START_FILL, check, close, hotplug, kiosk_events, save, start_kiosk,  # noqa: E402
                 stop_kiosk, touch, wait_for_err, wait_for_log, wait_for_pixel)

e2e.TESTS.clear()
test = e2e.test

MAGENTA = (255, 0, 255)  # what drm_thief scans out
START, PLUS = (330, 210), (950, 210)
SOCKET = "/run/kiosk/control.sock"
_installed = set()


def tools(board):
    """The C helpers in the guest, once per boot."""
    if id(board) not in _installed:
        guest_tools.install(board, board.cache)
        _installed.add(id(board))


def taps(point, count, gap=150, hold=60):
    x, y = point
    return "".join(f"{i * gap} down 0 {x} {y}\n{i * gap + hold} up 0\n" for i in range(count)) + f"{count * gap} end\n"


def alive(board):
    return "alive" in board.run("kill -0 $(cat /tmp/kiosk.pid) 2>/dev/null && echo alive", check=False)[1]


def presses_closed(log):
    """Every pressed has its released or cancelled, per button, in order."""
    open_count = {}
    for e in log:
        button = e.get("button")
        if e["event"] == "pressed":
            open_count[button] = open_count.get(button, 0) + 1
        elif e["event"] in ("released", "cancelled"):
            if not open_count.get(button):
                return False
            open_count[button] -= 1
    return not any(open_count.values())


def stats(board):
    _, text = board.run(f"timeout 60 kiosk ctl stats --socket {SOCKET}", timeout=90)
    return json.loads(text.strip().splitlines()[-1])


def tap_triggers(board, name, point=START, button="start"):
    """A tap now reaches the button: the kiosk takes touches again."""
    before = kiosk_events(e2e.event_log(board), button).count((button, "triggered", "tap"))
    touch(board, name, f"0 down 0 {point[0]} {point[1]}\n80 up 0\n100 end\n")
    wait_for_log(board, lambda log: kiosk_events(log, button).count((button, "triggered", "tap")) > before,
                 f"a tap on {button} ({name})")


@test
def drm_master_taken_away_mid_flip(board):
    """Another process drops the kiosk's master (through its own descriptor, as logind
    would) and modesets its own picture while the kiosk is flipping press animations.
    The kiosk must not crash or quit; once the master is free again it takes it back,
    modesets and repaints at its next frame."""
    tools(board)
    start_kiosk(board, screen="buttons.toml", probe=(100, 100), colour=START_FILL)
    touch(board, "busy", taps(START, 60), background=True)
    wait_for_log(board, lambda log: ("start", "pressed", None) in kiosk_events(log), "the first press")
    board.run("drm_thief $(cat /tmp/kiosk.pid) 3000 > /tmp/thief.log 2>&1 & echo $! > /tmp/thief.pid")
    stolen = wait_for_pixel(board, (100, 100), MAGENTA, "the thief's picture", timeout=20)
    save(board, stolen, "master-stolen")
    check(alive(board), f"the kiosk died when its master was taken: {board.run('cat /tmp/kiosk.err')[1]}")
    board.run("while kill -0 $(cat /tmp/thief.pid) 2>/dev/null; do sleep 0.1; done", timeout=30)
    _, thief = board.run("cat /tmp/thief.log")
    check("dropped the master" in thief and "master is free" in thief, f"the thief did not run through: {thief}")
    check(alive(board), f"the kiosk died while another process held the master: {board.run('cat /tmp/kiosk.err')[1]}")
    wait_for_err(board, "DRM master")
    back = wait_for_pixel(board, (100, 100), START_FILL, "the kiosk's screen after the master came free", timeout=20)
    save(board, back, "master-back")
    board.run("kill $(cat /tmp/busy.pid) 2>/dev/null; true")
    tap_triggers(board, "after-thief")
    log = e2e.event_log(board)
    check(presses_closed(log), f"a press left open after the master came back: {kiosk_events(log)}")
    _, err = board.run("cat /tmp/kiosk.err")
    print("    " + "\n    ".join(line for line in err.splitlines() if "master" in line))
    stop_kiosk(board)


@test
def touchscreen_removed_mid_press_and_plugged_in_again(board):
    """Two fingers down on two buttons, then the device goes (kiosk touch killed: uinput
    destroys it): both presses are cancelled, nothing triggers. A new device works."""
    start_kiosk(board, screen="buttons.toml", probe=(4, 4), colour=BACKGROUND)
    touch(board, "gone", f"0 down 0 {START[0]} {START[1]}\n50 down 1 {PLUS[0]} {PLUS[1]}\n"
                         "20000 up 0\n20000 up 1\n20000 end\n", background=True)
    wait_for_log(board, lambda log: ("start", "pressed", None) in kiosk_events(log)
                 and ("plus", "pressed", None) in kiosk_events(log), "both presses")
    board.run("kill -TERM $(cat /tmp/gone.pid)")
    log = wait_for_log(board, lambda log: presses_closed(log), "both presses closed after the removal")
    events = kiosk_events(log)
    check(("start", "cancelled", None) in events and ("plus", "cancelled", None) in events,
          f"the removed device's presses were not cancelled: {events}")
    # The repeat button triggers once on its press; nothing may trigger after the removal.
    removal = max(i for i, e in enumerate(events) if e[1] == "cancelled")
    check(("start", "triggered", "tap") not in events and not any(e[1] == "triggered" for e in events[removal:]),
          f"the removed device's touches triggered: {events}")
    check(alive(board), "the kiosk died with the touchscreen")
    tap_triggers(board, "plugged-again")
    stop_kiosk(board)


@test
def panel_unplugged_mid_animation(board):
    """The connector goes while press animations are flipping: the kiosk says so, stops
    flipping, keeps running and takes touches; back, it modesets and repaints."""
    start_kiosk(board, screen="buttons.toml", probe=(100, 100), colour=START_FILL)
    touch(board, "anim", taps(START, 40, gap=100, hold=50), background=True)
    wait_for_log(board, lambda log: ("start", "pressed", None) in kiosk_events(log), "the first press")
    try:
        hotplug(board, "off")
        wait_for_err(board, "Virtual-1 disconnected")
        time.sleep(0.5)
        before = stats(board)["flips"]
        time.sleep(1.5)
        after = stats(board)["flips"]
        check(after == before, f"flips went on with the panel unplugged: {before} -> {after}")
        check(alive(board), "the kiosk died with the panel")
    finally:
        hotplug(board, "detect")
    wait_for_err(board, "Virtual-1 connected; repainting")
    board.run("while kill -0 $(cat /tmp/anim.pid) 2>/dev/null; do sleep 0.1; done", timeout=30)
    wait_for_pixel(board, (100, 100), START_FILL, "the kiosk after the panel came back")
    log = e2e.event_log(board)
    check(presses_closed(log), f"a press left open across the unplug: {kiosk_events(log)}")
    check(("start", "triggered", "tap") in kiosk_events(log), "taps during the unplug did not reach the button")
    tap_triggers(board, "after-unplug")
    stop_kiosk(board)


@test
def a_stopped_kiosk_killed_as_the_watchdog_does_restores_the_console(board):
    """What systemd does when the watchdog fires on a stopped process: SIGABRT, then
    SIGCONT. The fatal-signal handler must put tty1 back in text mode with its keyboard."""
    board.run("echo KIOSK-WATCHDOG-MARKER > /dev/tty1")
    start_kiosk(board, screen="buttons.toml", probe=(100, 100), colour=START_FILL)
    board.run("kill -STOP $(cat /tmp/kiosk.pid); sleep 1; kill -ABRT $(cat /tmp/kiosk.pid); kill -CONT $(cat /tmp/kiosk.pid); "
              "while kill -0 $(cat /tmp/kiosk.pid) 2>/dev/null; do sleep 0.1; done")
    after = wait_for_pixel(board, (100, 100), (0, 0, 0), "the console after SIGABRT")
    save(board, after, "console-after-abort")
    text = sum(1 for y in range(0, 200) for x in range(0, 400) if after.pixel(x, y)[0] > 128)
    check(text > 200, f"no console text after SIGABRT on a stopped kiosk ({text} light pixels)")


FULL = "/run/kiosk"


@test
def a_full_disk_under_the_frame_grab_and_a_snapshot(board):
    """A 64 KiB tmpfs over the socket's directory, filled up: SIGUSR1's frame grab and
    `ctl snapshot` fail with a message naming the file and the cause, leave no partial
    PNG, and the kiosk keeps running and taking touches."""
    board.run(f"mkdir -p {FULL} && mount -t tmpfs -o size=64k tmpfs {FULL}")
    try:
        start_kiosk(board, screen="buttons.toml", probe=(4, 4), colour=BACKGROUND,
                    flags=f"--frame-grab {FULL}/frame.png")
        board.run(f"dd if=/dev/zero of={FULL}/fill bs=4k 2>/dev/null; df -k {FULL}", check=False)
        board.run("kill -USR1 $(cat /tmp/kiosk.pid)")
        wait_for_err(board, f"frame grab: cannot write {FULL}/frame.png")
        _, err = board.run("cat /tmp/kiosk.err")
        line = e2e.summary(err, "frame grab:")
        print(f"    {line}")
        check("No space left on device" in line, f"the frame grab does not say the disk is full: {line}")
        status, reply = board.run(f"timeout 60 kiosk ctl snapshot {FULL}/snap.png --socket {SOCKET}", timeout=90,
                                  check=False)
        print(f"    ctl snapshot: {reply.strip()}")
        check(status == 1 and '"ok":false' in reply and "No space left on device" in reply,
              f"the snapshot does not say the disk is full: {status} {reply}")
        _, listing = board.run(f"ls {FULL}")
        check("frame.png" not in listing and "snap.png" not in listing, f"a partial PNG was left: {listing}")
        check(alive(board), "the kiosk died on the full disk")
        tap_triggers(board, "after-full")
        board.run(f"rm {FULL}/fill")
        board.run("kill -USR1 $(cat /tmp/kiosk.pid)")
        wait_for_err(board, f"frame grab: wrote {FULL}/frame.png")
        stop_kiosk(board)
    finally:
        board.run(f"killall kiosk; sleep 0.5; umount {FULL}", check=False)


CAL_TARGETS = [(128, 80), (1152, 80), (1152, 720), (128, 720), (640, 400)]


@test
def a_full_disk_under_the_calibration(board):
    """kiosk calibrate finishes the taps but cannot write the board profile on a full
    disk: it exits non-zero with a message naming the file and the cause, and the profile
    keeps its old contents (written whole or not at all)."""
    profile = '# the virtual board\nconnector = "Virtual-1"\ncalibration = [1, 0, 0, 0, 1, 0]\n'
    board.run("mkdir -p /tmp/calfull && mount -t tmpfs -o size=16k tmpfs /tmp/calfull")
    try:
        board.put("/tmp/calfull/vboard.toml", profile)
        board.run("dd if=/dev/zero of=/tmp/calfull/fill bs=4k 2>/dev/null; true", check=False)
        board.run("(cd /tmp && kiosk calibrate --display drm --yes --board /tmp/calfull/vboard.toml "
                  "> /tmp/cal.out 2> /tmp/cal.err; echo $? > /tmp/cal.status) > /dev/null 2>&1 &")
        time.sleep(2)
        script = "".join(f"{i * 700} down 0 {x} {y}\n{i * 700 + 80} up 0\n" for i, (x, y) in enumerate(CAL_TARGETS))
        touch(board, "cal", script + f"{len(CAL_TARGETS) * 700} end\n")
        deadline = time.monotonic() + 30
        while not board.run("cat /tmp/cal.status 2>/dev/null", check=False)[1].strip():
            check(time.monotonic() < deadline, f"calibrate did not finish: {board.run('cat /tmp/cal.err')[1]}")
            time.sleep(0.3)
        status = board.run("cat /tmp/cal.status")[1].strip()
        _, err = board.run("cat /tmp/cal.out /tmp/cal.err")
        print("    " + err.strip().replace("\n", "\n    "))
        check(status != "0" and "calibration:" in err, f"calibrate did not fail after measuring: {status} {err}")
        check("/tmp/calfull/vboard.toml" in err and "No space left on device" in err,
              f"the message does not name the file and the full disk: {err}")
        check(board.run("cat /tmp/calfull/vboard.toml")[1] == profile, "the board profile was damaged")
    finally:
        board.run("umount /tmp/calfull", check=False)


if __name__ == "__main__":
    sys.exit(e2e.main())
