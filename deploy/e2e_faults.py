#!/usr/bin/env python3
"""Faults that need systemd, on the Debian virtual board (board/qemu/build-rootfs.sh) with
the kiosk deployed by deploy.sh as the real service: the kiosk stopped (SIGSTOP) for
longer than WatchdogSec, and killed with SIGKILL. systemd must find the missed watchdog
and kill it (SIGABRT, then SIGCONT so the stopped process takes it); in both cases the
console is sane in between (tty1 back in text mode with its keyboard on, fbcon drawing:
the kiosk's own handler, or the unit's ExecStopPost for what no handler sees) and systemd
starts it again onto the panel.

Usage: deploy/e2e_faults.py      Env: KIOSK_BINARY (skip the release build)
"""
import os
import subprocess
import sys
import tempfile
import time

here = os.path.dirname(os.path.abspath(__file__))
repo = os.path.dirname(here)
sys.path.insert(0, os.path.join(repo, "board", "qemu"))
from debian_board import DebianBoard  # noqa: E402

BACKGROUND = (0x20, 0x40, 0x80)
SCREEN = '[display]\nbackground = "#204080"\n\n[[screens]]\nid = "main"\n\n[[screens.buttons]]\nid = "hello"\ntitle = "Hello"\n'
WATCHDOG_SEC = 10  # board/systemd/kiosk.service
# The restart waits (in a root ExecStartPre of a drop-in under /run, gone after a reboot)
# while this file exists: the console is looked at between the kill and the restart however
# slow the host is, and a restart never draws over the check.
HOLD = "/run/kiosk-fault-test.hold"
# KDGETMODE and KDGKBMODE on tty1, with the Perl that even a minimal Debian has.
CONSOLE_MODES = ("perl -e 'open(my $t, \"<\", \"/dev/tty1\") or die $!; for my $r (0x4B3B, 0x4B44) "
                 "{ my $m = pack(\"L\", 0); ioctl($t, $r, $m) or die $!; print unpack(\"L\", $m), \" \" }'")
KD_TEXT, K_OFF = 0, 4
failures = []


def check(condition, what, detail=""):
    print(("ok   " if condition else "FAIL ") + what, flush=True)
    if not condition:
        failures.append(what)
        if detail:
            print("     " + str(detail).replace("\n", "\n     "), flush=True)


def service(board):
    """MainPID, ActiveState, SubState, NRestarts, Result of kiosk.service."""
    text = board.ssh("systemctl show -p MainPID,ActiveState,SubState,NRestarts,Result kiosk")[1]
    return dict(line.split("=", 1) for line in text.splitlines() if "=" in line)


def text_pixels(screen):
    return sum(1 for y in range(0, 120) for x in range(0, 500) if screen.pixel(x, y)[0] > 128)


def build_binary():
    binary = os.environ.get("KIOSK_BINARY")
    if binary:
        return binary
    scratch = os.path.join(repo, ".build-board")
    subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", "kiosk",
                    "--scratch-path", scratch], cwd=repo, check=True, stdout=sys.stderr)
    return os.path.join(scratch, "release", "kiosk")


def deploy(board, binary, screen):
    command = [os.path.join(here, "deploy.sh"), "--port", str(board.port), "--identity", board.identity,
               "--known-hosts", board.known_hosts, "--binary", binary, "--screen", screen, "--timeout", "40",
               board.destination]
    result = subprocess.run(command, capture_output=True, text=True)
    return result.returncode, result.stdout + result.stderr


def wait_for_restart_pending(board, pid, timeout):
    """Waits until `pid` is gone and the restart is held (after ExecStopPost)."""
    deadline = time.monotonic() + timeout
    while not ((now := service(board))["MainPID"] != pid and now["SubState"] in ("auto-restart", "start-pre")) \
            and time.monotonic() < deadline:
        time.sleep(0.5)
    return now


def console_back_then_kiosk_again(board, before, pid, stopped, label):
    """Between the kill and the restart the console is the kernel's again; then systemd
    starts the kiosk once more and it is back on the panel."""
    status, modes = board.ssh(CONSOLE_MODES, check=False)
    kd, keyboard = (int(v) for v in modes.split()[:2]) if status == 0 else (None, None)
    check(kd == KD_TEXT and keyboard not in (None, K_OFF), f"{label}: tty1 is back in text mode with its keyboard on",
          f"KDGETMODE {kd}, KDGKBMODE {keyboard}: {modes}")
    # Cleared first, so the text is at the top left wherever the console's cursor was; the
    # panel is read until fbcon has drawn it.
    board.ssh("printf '\\033[H\\033[2JTHE CONSOLE IS BACK\\n\\n' > /dev/tty1")
    deadline = time.monotonic() + 10
    while text_pixels(gap := board.screendump()) <= 200 and time.monotonic() < deadline:
        time.sleep(0.2)
    gap.write_png(os.path.join(board.workdir, f"console-after-{label}.png"))
    shown = gap.pixel(8, gap.height - 8) != BACKGROUND and text_pixels(gap) > 200
    check(shown, f"{label}: the panel shows the console, with text written to tty1",
          "" if shown else f"{text_pixels(gap)} light pixels\n" + board.ssh(
              "mount -t debugfs none /sys/kernel/debug 2>/dev/null; cat /sys/kernel/debug/dri/0/clients; "
              "grep -A3 'plane\\[' /sys/kernel/debug/dri/0/state; systemctl show -p SubState kiosk", check=False)[1])
    board.ssh(f"rm -f {HOLD}")

    deadline = time.monotonic() + 60
    while not ((now := service(board))["ActiveState"] == "active" and now["SubState"] == "running"
               and now["MainPID"] not in ("0", pid)) and time.monotonic() < deadline:
        time.sleep(0.5)
    check(now["ActiveState"] == "active" and now["MainPID"] not in ("0", pid)
          and int(now["NRestarts"]) == int(before["NRestarts"]) + 1,
          f"{label}: systemd started the kiosk again (one restart)", f"before {before}, now {now}")
    deadline = time.monotonic() + 20
    while (pixel := board.screendump().pixel(8, gap.height - 8)) != BACKGROUND and time.monotonic() < deadline:
        time.sleep(0.5)
    check(pixel == BACKGROUND, f"{label}: the restarted kiosk is on the panel", pixel)
    print(f"     {label}: restarted {time.monotonic() - stopped:.1f} s after the fault", flush=True)


def sigstop_past_the_watchdog(board):
    before = service(board)
    pid = before["MainPID"]
    print(f"     tty1 while the kiosk runs (KDGETMODE, KDGKBMODE): {board.ssh(CONSOLE_MODES, check=False)[1].strip()}", flush=True)
    board.ssh(f"touch {HOLD} && kill -STOP {pid}")
    stopped = time.monotonic()
    now = wait_for_restart_pending(board, pid, WATCHDOG_SEC + 30)
    killed = time.monotonic() - stopped
    check(now["MainPID"] != pid, f"systemd ended the stopped kiosk ({killed:.1f} s after SIGSTOP)", now)
    # The last ping came up to half the interval before the SIGSTOP.
    check(WATCHDOG_SEC / 2 - 1 <= killed <= WATCHDOG_SEC + 15, f"at the watchdog's time ({WATCHDOG_SEC} s after the last ping)",
          f"{killed:.1f} s")
    journal = board.ssh("journalctl -u kiosk -n 30 --no-pager -o cat")[1]
    print("     journal: " + " | ".join(journal.strip().splitlines()[-8:]), flush=True)
    check("atchdog timeout" in journal and "status=6/ABRT" in journal and "result 'watchdog'" in journal,
          "the journal says the watchdog fired and its SIGABRT ended the kiosk", journal)
    check(board.ssh(f"kill -0 {pid} 2>/dev/null && echo alive; true")[1].strip() != "alive", "the old process is gone")
    console_back_then_kiosk_again(board, before, pid, stopped, "watchdog")


def sigkill(board):
    """No handler sees a SIGKILL: the unit's ExecStopPost puts the console back."""
    before = service(board)
    pid = before["MainPID"]
    board.ssh(f"touch {HOLD} && kill -KILL {pid}")
    stopped = time.monotonic()
    now = wait_for_restart_pending(board, pid, 30)
    check(now["MainPID"] != pid and now["SubState"] in ("auto-restart", "start-pre"),
          "systemd saw the SIGKILL and waits to restart", now)
    journal = board.ssh("journalctl -u kiosk -n 10 --no-pager -o cat")[1]
    print("     journal: " + " | ".join(journal.strip().splitlines()[-4:]), flush=True)
    console_back_then_kiosk_again(board, before, pid, stopped, "sigkill")


def main():
    started = time.monotonic()
    artifacts = tempfile.mkdtemp(prefix="kiosk-deploy-faults-")
    cache = subprocess.run([os.path.join(repo, "board", "qemu", "build-rootfs.sh")], check=True,
                           capture_output=True, text=True).stdout.strip()
    binary = build_binary()
    screen = os.path.join(artifacts, "main.toml")
    with open(screen, "w") as f:
        f.write(SCREEN)
    board = DebianBoard(cache, workdir=os.path.join(artifacts, "board"))
    try:
        # A generous boot: on a loaded TCG host systemd takes minutes to call itself running.
        board.boot(timeout=600)
        print(f"board booted in {board.boot_seconds:.1f} s", flush=True)
        rc, out = deploy(board, binary, screen)
        check(rc == 0, "deploy.sh starts the kiosk", out)
        if rc == 0:
            board.ssh("mkdir -p /run/systemd/system/kiosk.service.d && printf '[Service]\\nTimeoutStartSec=300\\n"
                      f"ExecStartPre=+/bin/sh -c \\\"while [ -e {HOLD} ]; do sleep 0.2; done\\\"\\n' "
                      "> /run/systemd/system/kiosk.service.d/50-fault-test.conf && systemctl daemon-reload")
            for case in (sigstop_past_the_watchdog, sigkill):
                t = time.monotonic()
                case(board)
                print(f"     {case.__name__}: {time.monotonic() - t:.1f} s", flush=True)
    finally:
        board.stop()
    print(f"deploy faults: {len(failures)} failures in {time.monotonic() - started:.0f} s (artifacts in {artifacts})")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
