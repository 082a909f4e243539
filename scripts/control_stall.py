#!/usr/bin/env python3
"""The UI loop's worst-case stall under abusive control-socket clients.

Runs `kiosk run` headless with a control socket (a release build by default) and, for each
kind of client behaviour, floods the socket for a while from other connections while an
operator's client asks for `stats` every 50 ms. Prints one line per case:

    case=newlines turn_max_ms=… turn_max_cpu_ms=… snapshot_encode_max_ms=… stats_p50_ms=… stats_max_ms=…
        stats_answered=… rss_kb=… rss_before_kb=… rss_peak_kb=… rss_settled_kb=…

turn_max_ms is the kiosk's own measure (`stats` reports the loop's longest turn, poll to
poll, since the previous stats request, whoever asked; the busy clients' stats count too):
how long a touch could have waited. snapshot_encode_max_ms is the longest snapshot encode
and write, done off the loop, so in no turn. crowd-32 is the control socket full: 31
clients each retitling a button, taking a snapshot, asking for stats and activating a
button, over and over, beside the operator.
turn_max_cpu_ms is the CPU time of the loop's thread in its costliest turn: the work
itself, without what a busy machine's scheduler adds. The stats
round trip is what the operator saw. rss_before_kb is the kiosk's resident memory before the
case, rss_peak_kb the most seen during it, rss_settled_kb ten seconds (--settle) after its
clients stopped: what a burst leaves held. Usage:

    swift build -c release --product kiosk
    python3 scripts/control_stall.py [--kiosk .build/release/kiosk] [--seconds 3]
"""
import argparse
import json
import os
import select
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def connect(path):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(path)
    return s


class Operator:
    """A client sending one request and waiting for its reply line."""

    def __init__(self, path):
        self.sock = connect(path)
        self.pending = b""

    def ask(self, request, timeout=60):
        start = time.monotonic()
        self.sock.sendall((json.dumps(request) + "\n").encode())
        while b"\n" not in self.pending:
            ready, _, _ = select.select([self.sock], [], [], max(0.0, timeout - (time.monotonic() - start)))
            if not ready:
                return None, time.monotonic() - start
            chunk = self.sock.recv(65536)
            if not chunk:
                return None, time.monotonic() - start
            self.pending += chunk
        line, self.pending = self.pending.split(b"\n", 1)
        return json.loads(line), time.monotonic() - start


def flood(path, payload, stop, read_replies=True, reconnect=True):
    """Sends `payload` over and over until `stop`, reading replies (or not)."""
    sock = connect(path)
    sock.setblocking(False)
    while not stop.is_set():
        try:
            readable, writable, _ = select.select([sock] if read_replies else [], [sock], [], 0.05)
            if readable and not sock.recv(1 << 20):
                raise ConnectionError
            if writable:
                sock.send(payload)
        except (ConnectionError, OSError):
            sock.close()
            if not reconnect:
                return
            sock = connect(path)
            sock.setblocking(False)
    sock.close()


# The stats replies the busy clients got in the current case.
BUSY_STATS = []


def busy_client(path, stop, index, full=False):
    """A client changing a button's title and taking a snapshot, again and again, reading
    each reply: every snapshot is of a new picture. `full` also asks for stats (kept in
    BUSY_STATS) and activates a button each time."""
    sock = connect(path)
    pending, n = b"", 0
    requests = [{"cmd": "snapshot", "path": f"stall-{index}.png"}]
    if full:
        requests += [{"cmd": "stats"}, {"cmd": "activate", "id": "plus"}]
    try:
        while not stop.is_set():
            n += 1
            title = {"cmd": "set", "button": "start", "title": f"client {index} #{n}"}
            sock.sendall("".join(json.dumps(r) + "\n" for r in [title] + requests).encode())
            while pending.count(b"\n") < 1 + len(requests) and not stop.is_set():
                chunk = sock.recv(65536)
                if not chunk:
                    return
                pending += chunk
            lines = pending.split(b"\n", 1 + len(requests))
            pending = lines[-1]
            if full and len(lines) == 2 + len(requests):
                BUSY_STATS.append(json.loads(lines[2]))
    except OSError:
        pass
    finally:
        sock.close()


def styled_runs(count):
    """A `set` whose title is `count` styled runs of all sizes (a request of about 14 KB for 400)."""
    runs = [{"text": f"{i} ", "size": 8 + i, "bold": i % 2 == 0} for i in range(count)]
    return (json.dumps({"cmd": "set", "button": "start", "title": runs}, separators=(",", ":")) + "\n").encode()


def idle_clients(path, count, stop):
    clients = [connect(path) for _ in range(count)]
    stop.wait()
    for c in clients:
        c.close()


CASES = {
    "quiet": [],
    "newlines": [lambda p, s: flood(p, b"\n" * 65536, s)],
    "garbage": [lambda p, s: flood(p, b"{garbage\n" * 8192, s)],
    "garbage-unread": [lambda p, s: flood(p, b"{garbage\n" * 8192, s, read_replies=False)],
    "snapshots": [lambda p, s: flood(p, b'{"cmd":"snapshot","path":"stall.png"}\n' * 1500, s)],
    "snapshots-4-clients": [lambda p, s: flood(p, b'{"cmd":"snapshot","path":"stall.png"}\n' * 1500, s)] * 4,
    "huge-lines": [lambda p, s: flood(p, b"x" * (1 << 20), s)],
    "stats": [lambda p, s: flood(p, b'{"cmd":"stats"}\n' * 4096, s)],
    "idle-40": [lambda p, s: idle_clients(p, 40, s)],
    "crowd-31": [lambda p, s, i=i: busy_client(p, s, i) for i in range(31)],
    "crowd-32": [lambda p, s, i=i: busy_client(p, s, i, full=True) for i in range(31)],
    "styled-runs-400": [lambda p, s: flood(p, styled_runs(400), s)],
}


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return None


def run_case(path, pid, name, starters, seconds, settle):
    before = rss_kb(pid)
    peak = before
    operator = Operator(path)
    operator.ask({"cmd": "stats"})  # starts the kiosk's turn measurement afresh
    BUSY_STATS.clear()
    stop = threading.Event()
    threads = [threading.Thread(target=f, args=(path, stop), daemon=True) for f in starters]
    for t in threads:
        t.start()
    times, turns, cpus, encodes, answered, asked = [], [], [], [], 0, 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        asked += 1
        reply, took = operator.ask({"cmd": "stats"}, timeout=seconds * 10)
        if reply is not None:
            answered += 1
            times.append(took * 1000)
            turns.append(reply.get("turn_max_ms", 0))
            cpus.append(reply.get("turn_max_cpu_ms", 0))
            encodes.append(reply.get("snapshot_encode_max_ms", 0))
        peak = max(peak, rss_kb(pid))
        time.sleep(0.05)
    # Each reply's turn_max covers the time since the one before; once more after the flood.
    stop.set()
    for t in threads:
        t.join(timeout=5)
    final, _ = Operator(path).ask({"cmd": "stats"})
    operator.sock.close()
    time.sleep(settle)
    settled = rss_kb(pid)
    replies = BUSY_STATS + [final or {}]
    turn_max = max(turns + [r.get("turn_max_ms", 0) for r in replies])
    cpu_max = max(cpus + [r.get("turn_max_cpu_ms", 0) for r in replies])
    encode_max = max([r.get("snapshot_encode_max_ms", 0) for r in replies] + encodes)
    rss = (final or {}).get("rss_kb")
    print(f"case={name} turn_max_ms={turn_max:.1f} turn_max_cpu_ms={cpu_max:.1f} snapshot_encode_max_ms={encode_max:.1f} "
          f"stats_p50_ms={statistics.median(times) if times else float('nan'):.1f} "
          f"stats_max_ms={max(times) if times else float('nan'):.1f} stats_answered={answered}/{asked} rss_kb={rss} "
          f"rss_before_kb={before} rss_peak_kb={peak} rss_settled_kb={settled}", flush=True)
    return turn_max, cpu_max


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--kiosk", default=os.path.join(ROOT, ".build/release/kiosk"))
    parser.add_argument("--screen", default=os.path.join(ROOT, "examples/demo.toml"))
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--settle", type=float, default=10.0, help="seconds to wait after a case before rss_settled_kb")
    parser.add_argument("--only", action="append", help="run only these cases (repeatable)")
    args = parser.parse_args()
    directory = tempfile.mkdtemp(prefix="kiosk-stall-")
    path = os.path.join(directory, "control.sock")
    kiosk = subprocess.Popen([args.kiosk, "run", args.screen, "--display", "headless", "--control", path,
                              "--out", os.path.join(directory, "out")],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 30
        while not os.path.exists(path):
            if kiosk.poll() is not None or time.monotonic() > deadline:
                sys.exit(f"the kiosk did not start: {kiosk.stderr.read().decode()}")
            time.sleep(0.05)
        worst, worst_cpu = 0.0, 0.0
        for name, starters in CASES.items():
            if args.only and name not in args.only:
                continue
            wall, cpu = run_case(path, kiosk.pid, name, starters, args.seconds, args.settle)
            worst, worst_cpu = max(worst, wall), max(worst_cpu, cpu)
        print(f"worst turn_max_ms={worst:.1f} turn_max_cpu_ms={worst_cpu:.1f}")
    finally:
        kiosk.terminate()
        kiosk.wait(timeout=10)


if __name__ == "__main__":
    main()
