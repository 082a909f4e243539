#!/usr/bin/env python3
"""The soak test: the kiosk on the virtual board (bochs DRM card, uinput touch, real kernel)
driven for N minutes with random touches from fresh uinput devices (taps, drags, swipes,
holds, the repeat button held for seconds, two and three fingers, palm cancels),
control-socket clients (stats, set, screen, snapshot, subscribe and garbage) and screen
switches, while a stand-in for systemd's notify socket records the watchdog pings.

It samples the kiosk's counters (`kiosk ctl stats`) after a warm-up and at intervals, and
checks at the end:
- resident memory grew by at most 2 MB after the warm-up;
- no press was left open and none closed without one (the event log: every `pressed` has
  its `released` or `cancelled`);
- flips kept coming (the flip counter rose in every interval; each touch round starts by
  retitling a button on the main screen, so there is always something to show);
- the watchdog would never have fired (no gap between WATCHDOG=1 pings reached
  WATCHDOG_USEC) and the kiosk is the same process, still running;
and prints the RSS curve, flips, and touch-to-flip latency p50/p95 at start and end.

Usage: board/qemu/soak.py --minutes N [--seed S]   (make test: 5 minutes)
Env:   KIOSK_BINARY (skip the release build), KIOSK_BOARD_ARTIFACTS (console log, event log)
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import guest_tools  # noqa: E402
from vboard import BoardError, VirtualBoard  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
WIDTH, HEIGHT = 1280, 800
SCREEN = "/kiosk/screens/buttons.toml"
# buttons.toml's cell centres; the bottom-right cell is empty (swipes start there).
BUTTONS = {"start": (330, 210), "plus": (950, 210), "reset": (330, 590)}
SOCKET = "/run/kiosk/control.sock"
# Inside the control socket's directory: where snapshots are allowed to go.
SNAPSHOT = "/run/kiosk/soak.png"
NOTIFY = "/run/soak-notify.sock"
WATCHDOG_USEC = 10_000_000  # the unit's WatchdogSec=10
RSS_GROWTH_LIMIT_KIB = 2048


class Failure(Exception):
    pass


# --- Random touches ---------------------------------------------------------------------------

def clamp(x, y):
    return min(max(int(x), 0), WIDTH - 1), min(max(int(y), 0), HEIGHT - 1)


def somewhere(rng):
    """A point on a button two times in three, else anywhere on the panel."""
    if rng.random() < 0.66:
        x, y = rng.choice(list(BUTTONS.values()))
        return clamp(x + rng.gauss(0, 90), y + rng.gauss(0, 60))
    return rng.randrange(WIDTH), rng.randrange(HEIGHT)


def gesture(rng, t, kind=None):
    """One random gesture (of `kind`, else any) starting at `t` ms: its script lines and
    when it ends."""
    kind = kind or rng.choices(["tap", "hold", "repeat", "drag", "swipe", "fingers", "cancel"],
                               [30, 10, 10, 15, 15, 15, 15])[0]
    lines = []
    if kind == "repeat":  # a finger resting on the repeat button for seconds: it fires on every interval
        x, y = BUTTONS["plus"]
        t_up = t + rng.randrange(2000, 6000)
        return [f"{t} down 0 {x} {y}", f"{t_up} up 0"], t_up
    if kind == "fingers":
        count = rng.choice([2, 3])
        points = {slot: somewhere(rng) for slot in range(count)}
        for slot, (x, y) in points.items():
            lines.append(f"{t} down {slot} {x} {y}")
            t += rng.randrange(0, 60)
        for _ in range(rng.randrange(0, 6)):
            t += rng.randrange(16, 50)
            slot = rng.randrange(count)
            x, y = points[slot]
            points[slot] = clamp(x + rng.gauss(0, 30), y + rng.gauss(0, 30))
            lines.append(f"{t} move {slot} {points[slot][0]} {points[slot][1]}")
        for slot in rng.sample(range(count), count):
            t += rng.randrange(10, 200)
            lines.append(f"{t} {rng.choice(['up', 'up', 'up', 'cancel'])} {slot}")
        return lines, t
    x, y = somewhere(rng) if kind != "swipe" else (rng.randrange(200, 1080), rng.randrange(100, 700))
    lines.append(f"{t} down 0 {x} {y}")
    if kind == "tap":
        t += rng.randrange(30, 180)
    elif kind == "hold":
        t += rng.randrange(400, 1400)
    elif kind in ("drag", "cancel"):
        for _ in range(rng.randrange(1, 12)):
            t += rng.randrange(16, 60)
            x, y = clamp(x + rng.gauss(0, 25), y + rng.gauss(0, 25))
            lines.append(f"{t} move 0 {x} {y}")
    else:  # swipe: fast and horizontal, either way
        step = rng.choice([-1, 1]) * rng.randrange(60, 140)
        for _ in range(rng.randrange(3, 7)):
            t += rng.randrange(16, 40)
            x, y = clamp(x + step, y + rng.gauss(0, 6))
            lines.append(f"{t} move 0 {x} {y}")
    t += rng.randrange(0, 40)
    lines.append(f"{t} {'cancel' if kind == 'cancel' else 'up'} 0")
    return lines, t


def touch_script(rng, length_ms):
    """Random gestures with random pauses, about `length_ms` long."""
    lines, t = [], 0
    while t < length_ms:
        more, t = gesture(rng, t)
        lines += more
        t += rng.randrange(20, 500)
    return "\n".join(lines + [f"{t} end"]) + "\n", t


# --- Control-socket clients -------------------------------------------------------------------

TITLES = ["Start", "Go", "Start now", "Begin the run", "Weiter", "Démarrer", "開始", "Count 12", "Count 345"]


def garbage(rng):
    """Bytes a broken client might send: noise, half JSON, wrong types, unknown commands."""
    choices = [
        lambda: bytes(rng.randrange(256) for _ in range(rng.randrange(1, 400))) + b"\n",
        lambda: b'{"cmd":"set","button":' + b"\n",
        lambda: b'{"cmd":"nope"}\n',
        lambda: b'{"cmd":"set","button":"start","title":17}\n',
        lambda: b'{"cmd":"screen","screen":"nowhere"}\n',
        lambda: b'[1,2,3]\n{"cmd":"stats"}\n',
        lambda: b"\n\n\n" + b"x" * rng.randrange(1, 5000),
        lambda: b'{"cmd":"stats"}' * rng.randrange(1, 50) + b"\n",
        lambda: b'{"cmd":"set","button":"start","title":"\xff\xfe"}\n',
    ]
    return rng.choice(choices)()


CLIENT_TIMEOUT = 60  # s: far beyond any turn of a working loop, even on a loaded TCG host
slowest_client = [0.0, ""]


def client(board, command):
    """Runs a control client in the guest; a client the kiosk never answers is a failure.
    Records the slowest round trip (it includes starting the client on the board)."""
    started = time.monotonic()
    status, output = board.run(f"timeout {CLIENT_TIMEOUT} {command}", timeout=CLIENT_TIMEOUT + 30, check=False)
    took = time.monotonic() - started
    if took > slowest_client[0]:
        slowest_client[:] = [took, command.split(" --socket")[0]]
    if status in (124, 143):
        raise Failure(f"the kiosk did not answer {command!r} within {CLIENT_TIMEOUT} s")
    return status, output


def control_action(board, rng, kind=None):
    """One random client (of `kind`, else any); returns a short name for the tally."""
    kind = kind or rng.choices(["stats", "set", "screen", "snapshot", "subscribe", "garbage"], [20, 25, 15, 10, 10, 20])[0]
    if kind == "stats":
        client(board, f"kiosk ctl stats --socket {SOCKET}")
    elif kind == "set":
        button = rng.choice(list(BUTTONS) + ["back"])
        what = rng.choice([f"--title '{rng.choice(TITLES)}'"] + SET_VARIANTS)
        status, reply = client(board, f"kiosk ctl set {button} {what} --socket {SOCKET}")
        if status != 0:
            raise Failure(f"set {button} {what}: {reply}")
    elif kind == "screen":
        client(board, f"kiosk ctl screen {rng.choice(['main', 'settings'])} --socket {SOCKET}")
    elif kind == "snapshot":
        client(board, f"kiosk ctl snapshot {SNAPSHOT} --socket {SOCKET}")
    elif kind == "subscribe":
        board.run(f"timeout {rng.randrange(1, 6)} kiosk ctl subscribe --socket {SOCKET} > /dev/null 2>&1 &")
    else:
        board.put("/tmp/garbage", garbage(rng))
        client(board, f"unix_send {SOCKET} 300 < /tmp/garbage > /dev/null")
    return kind


# --- What the kiosk reports -------------------------------------------------------------------

def stats(board):
    status, text = client(board, f"kiosk ctl stats --socket {SOCKET}")
    if status != 0:
        raise Failure(f"ctl stats: {text}")
    return json.loads(text.strip().splitlines()[-1])


def open_presses(log_text):
    """Presses still open at the end, and closes without a press, from the event log."""
    open_count, orphans = {}, []
    for line in log_text.splitlines():
        if not line.startswith("{"):
            continue
        event = json.loads(line)
        button, kind = event.get("button"), event.get("event")
        if kind == "pressed":
            open_count[button] = open_count.get(button, 0) + 1
        elif kind in ("released", "cancelled"):
            if open_count.get(button, 0) == 0:
                orphans.append(event)
            else:
                open_count[button] -= 1
    return {b: n for b, n in open_count.items() if n}, orphans


def watchdog_gaps(notify_text):
    """Gaps between WATCHDOG=1 pings, ms (the first counts from READY=1)."""
    times = [float(line.split()[0]) for line in notify_text.splitlines()
             if line.endswith("WATCHDOG=1") or line.endswith("READY=1")]
    return [b - a for a, b in zip(times, times[1:])]


def curve(samples):
    """The RSS curve as text: one line per sample with a bar."""
    low = min(s["rss_kb"] for s in samples)
    high = max(s["rss_kb"] for s in samples)
    lines = []
    for s in samples:
        bar = "#" * (1 + round(39 * (s["rss_kb"] - low) / max(high - low, 1)))
        lines.append(f"    {s['t'] / 60:6.1f} min  {s['rss_kb']:7d} KiB  heap {s.get('heap_kb', 0):7d} KiB  "
                     f"flips {s['flips']:7d}  {bar}")
    return "\n".join(lines)


# --- The run ----------------------------------------------------------------------------------

def start_kiosk(board):
    board.run(f"notify_log {NOTIFY} > /tmp/notify.log 2>&1 & echo $! > /tmp/notify.pid")
    board.run(f"NOTIFY_SOCKET={NOTIFY} WATCHDOG_USEC={WATCHDOG_USEC} kiosk run --display drm {SCREEN} "
              f"--control {SOCKET} > /tmp/kiosk.log 2> /tmp/kiosk.err & echo $! > /tmp/kiosk.pid")
    deadline = time.monotonic() + 60
    while "READY=1" not in board.run("cat /tmp/notify.log")[1]:
        if time.monotonic() > deadline or "alive" not in board.run("kill -0 $(cat /tmp/kiosk.pid) && echo alive",
                                                                    check=False)[1]:
            raise Failure(f"the kiosk did not start: {board.run('cat /tmp/kiosk.err')[1]}")
        time.sleep(0.3)
    return board.run("cat /tmp/kiosk.pid")[1].strip()


SET_VARIANTS = ["--disabled true", "--disabled false", "--hidden false",
                "--title-runs '[{\"text\":\"Big \",\"size\":32},{\"text\":\"bold\",\"bold\":true}]'"]


def every_path_once(board, rng, tally):
    """The warm-up's first part: each kind of touch and client at least once, every title
    and set variant on every button, both screens, so the caches they fill (glyphs, faces,
    snapshot buffers) are full before the baseline is taken."""
    lines, t = [], 0
    for kind in ["tap", "hold", "drag", "swipe", "fingers", "cancel"]:
        more, t = gesture(rng, t, kind)
        lines += more
        t += 300
    board.put("/tmp/soak.touch", "\n".join(lines + [f"{t} end"]) + "\n")
    board.run("kiosk touch /tmp/soak.touch > /tmp/touch.out 2>&1", timeout=120)
    # One connection with every request in it: a client process per request is slow on TCG.
    requests = []
    for button in list(BUTTONS) + ["back"]:
        requests += [{"cmd": "set", "button": button, "title": title} for title in TITLES]
        requests += [{"cmd": "set", "button": button, "disabled": flag} for flag in (True, False)]
        requests += [{"cmd": "set", "button": button, "hidden": False},
                     {"cmd": "set", "button": button, "title": [{"text": "Big ", "size": 32}, {"text": "bold", "bold": True}]}]
    requests += [{"cmd": "screen", "screen": "settings"}, {"cmd": "screen", "screen": "main"}]
    board.put("/tmp/requests", "".join(json.dumps(r) + "\n" for r in requests))
    _, replies = client(board, f"unix_send {SOCKET} 15000 < /tmp/requests")
    answered = [json.loads(line) for line in replies.splitlines() if line.startswith("{")]
    if len(answered) != len(requests) or not all(r.get("ok") for r in answered):
        raise Failure(f"the warm-up's {len(requests)} requests got {len(answered)} answers: {replies[-300:]}")
    for _ in range(2):
        for kind in ["stats", "snapshot", "subscribe", "garbage"]:
            control_action(board, rng, kind)
    tally["warm-up requests"] = len(requests) + 8


def drive(board, rng, seconds, tally):
    """Random touch rounds with control clients in between, for `seconds`."""
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        # A change the screen must show, whatever the random touches and clients do: every
        # driven interval then has something to flip for.
        rounds = tally.get("touch rounds", 0) + 1
        client(board, f"kiosk ctl screen main --socket {SOCKET}")
        client(board, f"kiosk ctl set start --title 'Round {rounds}' --socket {SOCKET}")
        script, length = touch_script(rng, rng.randrange(3000, 9000))
        board.put("/tmp/soak.touch", script)
        board.run("kiosk touch /tmp/soak.touch > /tmp/touch.out 2>&1 & echo $! > /tmp/touch.pid")
        tally["touch rounds"] = tally.get("touch rounds", 0) + 1
        tally["touch lines"] = tally.get("touch lines", 0) + script.count("\n")
        round_end = time.monotonic() + length / 1000 + 0.5
        while time.monotonic() < round_end:
            kind = control_action(board, rng)
            tally[kind] = tally.get(kind, 0) + 1
            time.sleep(rng.uniform(0.05, 1.5))
        deadline = time.monotonic() + 30
        while "running" in board.run("kill -0 $(cat /tmp/touch.pid) 2>/dev/null && echo running", check=False)[1]:
            if time.monotonic() > deadline:
                raise Failure("kiosk touch did not finish its script")
            time.sleep(0.2)
        if "alive" not in board.run("kill -0 $(cat /tmp/kiosk.pid) 2>/dev/null && echo alive", check=False)[1]:
            raise Failure(f"the kiosk died: {board.run('tail -n 20 /tmp/kiosk.err')[1]}")


def soak(board, minutes, rng):
    started = time.monotonic()
    total = minutes * 60
    warm_up = min(120.0, max(30.0, total * 0.2))
    interval = max(15.0, (total - warm_up) / 10)
    pid = start_kiosk(board)
    tally = {}
    every_path_once(board, rng, tally)
    drive(board, rng, warm_up - (time.monotonic() - started), tally)
    samples = []

    def sample():
        s = stats(board)
        s["t"] = time.monotonic() - started
        samples.append(s)
        return s

    first = sample()
    while time.monotonic() - started < total:
        drive(board, rng, min(interval, total - (time.monotonic() - started)), tally)
        sample()
    driven = list(samples)
    time.sleep(2)  # the last script's release animations settle
    last = sample()

    failures = []
    growth = last["rss_kb"] - first["rss_kb"]
    peak = max(s["rss_kb"] for s in samples) - first["rss_kb"]
    print(f"RSS after warm-up ({warm_up:.0f} s), every {interval:.0f} s:")
    print(curve(samples))
    print(f"RSS growth after warm-up: {growth} KiB (peak {peak} KiB; limit {RSS_GROWTH_LIMIT_KIB} KiB); "
          f"live heap growth {last.get('heap_kb', 0) - first.get('heap_kb', 0)} KiB")
    if growth > RSS_GROWTH_LIMIT_KIB:
        failures.append(f"RSS grew by {growth} KiB after the warm-up")

    # Driven intervals only: once the touches stop, an idle kiosk rightly stops flipping.
    stalled = [(round(a["t"]), round(b["t"])) for a, b in zip(driven, driven[1:]) if b["flips"] <= a["flips"]]
    print(f"flips: {first['flips']} after warm-up, {last['flips']} at the end; missed flips {last['missed_flips']}; "
          f"frames {last['frames']}; wake-ups {last['wake_ups']}")
    if stalled:
        failures.append(f"no flips in the intervals {stalled}")

    for name, s in (("start", first), ("end", last)):
        print(f"touch-to-flip at the {name}: p50 {s.get('latency_p50_ms')} ms, p95 {s.get('latency_p95_ms')} ms, "
              f"max {s.get('latency_max_ms')} ms ({s['latency_samples']} samples)")

    _, log = board.run("cat /tmp/kiosk.log", timeout=120)
    left_open, orphans = open_presses(log)
    events = sum(1 for line in log.splitlines() if line.startswith("{"))
    print(f"event log: {events} events; presses left open: {left_open or 'none'}; "
          f"closed without a press: {len(orphans)}")
    if left_open:
        failures.append(f"presses left open at the end: {left_open}")
    if orphans:
        failures.append(f"released/cancelled without a press: {orphans[:5]}")

    gaps = watchdog_gaps(board.run("cat /tmp/notify.log")[1])
    longest = max(gaps, default=float("inf"))
    print(f"watchdog: {len(gaps)} pings, longest gap {longest / 1000:.2f} s (fires at {WATCHDOG_USEC / 1e6:.0f} s)")
    if not gaps or longest >= WATCHDOG_USEC / 1000:
        failures.append(f"the watchdog would have fired (longest gap {longest:.0f} ms, {len(gaps)} pings)")
    now_pid = board.run("pidof kiosk", check=False)[1].split()
    if pid not in now_pid:
        failures.append(f"the kiosk (pid {pid}) is gone; running now: {now_pid}")

    print("driven: " + ", ".join(f"{k} {v}" for k, v in sorted(tally.items())))
    print(f"slowest control client (host to guest and back, client start included): "
          f"{slowest_client[0]:.1f} s ({slowest_client[1]})")
    board.run("kill -TERM $(cat /tmp/kiosk.pid); while kill -0 $(cat /tmp/kiosk.pid) 2>/dev/null; do sleep 0.1; done",
              timeout=30)
    _, err = board.run("cat /tmp/kiosk.err", timeout=60)
    print("kiosk's stderr (last lines):\n    " + "\n    ".join(err.strip().splitlines()[-8:]))
    with open(os.path.join(board.workdir, "kiosk.log"), "w") as f:
        f.write(log)
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=5)
    parser.add_argument("--seed", type=int, default=None)
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(1 << 32)
    started = time.monotonic()
    artifacts = os.environ.get("KIOSK_BOARD_ARTIFACTS") or tempfile.mkdtemp(prefix="kiosk-soak-")
    cache = subprocess.run([os.path.join(HERE, "build-image.sh")], check=True,
                           stdout=subprocess.PIPE, text=True).stdout.strip().splitlines()[-1]
    print(f"soak: {args.minutes:g} min, seed {seed} (rerun with --seed {seed}); image {time.monotonic() - started:.1f} s")
    try:
        with VirtualBoard(cache, workdir=os.path.join(artifacts, "soak")) as board:
            print(f"virtual board: boot {board.boot_seconds:.1f} s")
            guest_tools.install(board, cache)
            failures = soak(board, args.minutes, random.Random(seed))
    except (Failure, BoardError) as error:
        failures = [str(error)]
    print(f"soak took {time.monotonic() - started:.0f} s; artifacts in {artifacts}")
    for failure in failures:
        print(f"FAIL {failure}")
    print("soak: " + ("FAILED" if failures else "passed"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
