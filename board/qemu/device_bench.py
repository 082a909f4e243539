#!/usr/bin/env python3
"""The device path's numbers, measured on the virtual board (bochs card, 1280x800@75):

- start-up: process start to the first frame on screen (kiosk run's own summary line),
  the first run after boot and two more;
- idle: voluntary context switches of `kiosk run` over 10 s with nothing happening,
  i.e. wake-ups (target 0);
- touch-to-flip: from the kernel timestamp of a touch to the flip event of the frame that
  shows it, in flips (1 = the next flip) and ms; taps 1 s apart (the UI idle at each touch)
  and 400 ms apart (a touch often lands while the release animation is still flipping).

Usage: board/qemu/device_bench.py [--screen /kiosk/screens/buttons.toml]
"""
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from vboard import VirtualBoard  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def taps(count, spacing_ms, x=330, y=210):
    lines = [f"{i * spacing_ms} down 0 {x} {y}\n{i * spacing_ms + 100} up 0\n" for i in range(count)]
    return "".join(lines) + f"{count * spacing_ms + 200} end\n"


def run_kiosk(board, screen):
    board.run(f"kiosk run {screen} > /tmp/bench.log 2> /tmp/bench.err & echo $! > /tmp/bench.pid")
    deadline = time.monotonic() + 30
    while "start-up" not in board.run("cat /tmp/bench.err")[1] and "display:" not in board.run("cat /tmp/bench.err")[1]:
        if time.monotonic() > deadline:
            raise SystemExit(f"kiosk run did not start: {board.run('cat /tmp/bench.err')[1]}")
        time.sleep(0.2)
    time.sleep(2)
    return board.run("cat /tmp/bench.pid")[1].strip()


def stop_kiosk(board, pid):
    board.run(f"kill -TERM {pid}; while kill -0 {pid} 2>/dev/null; do sleep 0.1; done", timeout=30)
    return board.run("cat /tmp/bench.err")[1]


def voluntary_switches(board, pid):
    status = board.run(f"cat /proc/{pid}/status")[1]
    return int(re.search(r"^voluntary_ctxt_switches:\s+(\d+)", status, re.M).group(1))


def main():
    screen = sys.argv[sys.argv.index("--screen") + 1] if "--screen" in sys.argv else "/kiosk/screens/buttons.toml"
    cache = subprocess.run([os.path.join(HERE, "build-image.sh")], check=True,
                           stdout=subprocess.PIPE, text=True).stdout.strip().splitlines()[-1]
    with VirtualBoard(cache) as board:
        pid = run_kiosk(board, screen)
        before = voluntary_switches(board, pid)
        time.sleep(10)
        idle = voluntary_switches(board, pid) - before
        err = stop_kiosk(board, pid)
        print(f"idle: {idle} wake-ups in 10 s ({idle / 10:.1f}/s)")
        # The first run after boot is cold (page faults through the whole binary, fonts).
        startups = [re.search(r"start-up: .* ([\d.]+) ms", err)]
        for _ in range(2):
            startups.append(re.search(r"start-up: .* ([\d.]+) ms", stop_kiosk(board, run_kiosk(board, screen))))
        print("start-up (process start to first frame on screen), ms, first run then warm: "
              + ", ".join(m.group(1) if m else "?" for m in startups))
        for spacing in (1000, 400):
            pid = run_kiosk(board, screen)
            board.put("/tmp/bench.touch", taps(10, spacing))
            board.run("kiosk touch /tmp/bench.touch", timeout=60)
            time.sleep(1)
            err = stop_kiosk(board, pid)
            latency = re.search(r"touch-to-flip: .*", err)
            print(f"taps {spacing} ms apart: " + (latency.group(0) if latency else f"no samples ({err})"))


if __name__ == "__main__":
    main()
