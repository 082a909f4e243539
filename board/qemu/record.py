#!/usr/bin/env python3
"""Makes the recordings of board/qemu/recordings that can be made for real: boots the
virtual board, plays a touch script with `kiosk touch` (a uinput touchscreen) and records
that device with Debian's `libinput record`, as one would on a customer's device. The
other recordings there are constructed by hand (each says so in its header).

Usage: board/qemu/record.py     (writes board/qemu/recordings/NAME.yml; then commit them)
"""
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from vboard import VirtualBoard  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
RECORDINGS = os.path.join(HERE, "recordings")

# buttons.toml's cells: start (330, 210), plus (950, 210), reset (330, 590), empty (950, 590).
TEN = [(330, 210), (950, 210), (330, 590), (900, 560), (1000, 560), (900, 640), (1000, 640),
       (640, 400), (60, 760), (1220, 40)]
SCRIPTS = {
    "palm-cancel": ("a finger on start that the panel then marks as a palm (MT_TOOL_PALM) and lifts",
                    "0 down 0 330 210\n150 move 0 334 212\n300 cancel 0\n600 end\n", None),
    "removed-mid-press": ("a finger on start; then the device is removed (kiosk touch killed) mid-press",
                          "0 down 0 330 210\n60 move 0 332 211\n30000 up 0\n30000 end\n", 1.5),
    "ten-fingers": ("ten fingers down in turn (start, +, reset and around), moved, lifted in turn; "
                    "then one tap on +",
                    "".join(f"{i * 20} down {i} {x} {y}\n" for i, (x, y) in enumerate(TEN))
                    + "".join(f"{220 + i * 10} move {i} {x + 4} {y + 3}\n" for i, (x, y) in enumerate(TEN))
                    + "".join(f"{340 + i * 15} up {i}\n" for i in range(10))
                    + "1000 down 0 950 210\n1080 up 0\n1300 end\n", None),
}


def record(board, name, about, script, kill_after):
    board.put(f"/tmp/{name}.touch", script)
    board.run(f"kiosk touch --delay 2500 /tmp/{name}.touch > /tmp/touch.log 2>&1 & echo $! > /tmp/touch.pid")
    deadline = time.monotonic() + 30
    while "/dev/input/event" not in (text := board.run("cat /tmp/touch.log")[1]):
        if time.monotonic() > deadline:
            raise RuntimeError(f"kiosk touch made no device: {text}")
        time.sleep(0.2)
    node = "/dev/input/event" + text.split("/dev/input/event")[1].split()[0]
    board.run(f"libinput record -o /tmp/{name}.yml {node} > /tmp/record.log 2>&1 & echo $! > /tmp/record.pid")
    if kill_after:
        time.sleep(2.5 + kill_after)
        board.run("kill -TERM $(cat /tmp/touch.pid)")
    board.run("while kill -0 $(cat /tmp/touch.pid) 2>/dev/null; do sleep 0.2; done", timeout=90)
    time.sleep(0.5)
    board.run("kill -INT $(cat /tmp/record.pid) 2>/dev/null; "
              "while kill -0 $(cat /tmp/record.pid) 2>/dev/null; do sleep 0.1; done", timeout=30)
    _, recording = board.run(f"cat /tmp/{name}.yml")
    if "- evdev:" not in recording.split("events:")[-1]:
        raise RuntimeError(f"{name}: libinput record saw no events: {board.run('cat /tmp/record.log')[1]}")
    first, rest = recording.split("\n", 1)
    header = (f"{first}\n# Recorded on the virtual board (board/qemu/record.py): libinput record of the\n"
              f"# uinput touchscreen of `kiosk touch` playing {about}.\n")
    with open(os.path.join(RECORDINGS, f"{name}.yml"), "w") as f:
        f.write(header + rest.rstrip("\n") + "\n")
    print(f"recorded {name}.yml ({recording.count('SYN_REPORT')} frames)")


def main():
    cache = subprocess.run([os.path.join(HERE, "build-image.sh")], check=True,
                           stdout=subprocess.PIPE, text=True).stdout.strip().splitlines()[-1]
    with VirtualBoard(cache) as board:
        for name, (about, script, kill_after) in SCRIPTS.items():
            record(board, name, about, script, kill_after)
    return 0


if __name__ == "__main__":
    sys.exit(main())
